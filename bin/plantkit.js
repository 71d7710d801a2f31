#!/usr/bin/env node
// The plantkit CLI. TypeScript is compiled to dist/ on install (npm prepare).
import '../dist/cli/main.js';
