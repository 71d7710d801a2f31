/**
 * Time budgets high enough that no run of a test ever meets them. The generated phases stop when
 * --operation-budget (10 s) or --generated-budget runs out, a wall-clock limit: on a loaded CI machine a
 * cold first run can be cut where its replay is not, and a test that compares two runs case for case then
 * fails by chance. Tests of replay and sharding use these; what a cut does is tested with a budget that
 * always cuts (test/contract/property/replay-budget.test.ts, budget-cut.test.ts).
 */

/** The budgets as `runContract` options. */
export const NO_BUDGET_CUT = { operationBudgetMs: 3_600_000, generatedBudgetMs: 3_600_000 } as const;

/** The budgets as `plantkit contract` flags. */
export const NO_BUDGET_CUT_FLAGS = ['--operation-budget', '1h', '--generated-budget', '1h'] as const;
