/** The worker thread of structure-check.ts: parse the spec text as loadSpec did, check it, post the problems. */
import { parentPort, workerData } from 'node:worker_threads';
import { parseYamlSource } from '../yaml/yaml-source.js';
import { type StructureCheckRequest, structuralProblems } from './structure-check.js';

const { text, version } = workerData as StructureCheckRequest;
const parsed = parseYamlSource(text);
// loadSpec parsed the same text before starting this worker, so it parses here too.
if (parsed.ok) parentPort?.postMessage(structuralProblems(parsed.source.value, version));
