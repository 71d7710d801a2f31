#!/usr/bin/env node
// The plantkit CLI. TypeScript is compiled to dist/ by the `dependencies` script (npm ci/install in this repository) and by prepack.
import '../dist/cli/main.js';
