/**
 * An esbuild plugin for dist/vendor/spectral.cjs: nimma's constructor (the JSONPath engine of Spectral's runner)
 * asks scripts/spectral-nimma-cache.cjs for code the build recorded before it writes its own, and hands what it
 * writes to the build's recorder (issue 22). The constructor's text is checked, so that a nimma upgrade that
 * changes it fails the build instead of silently writing its code at every run again.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const NIMMA_CORE = /[\\/]nimma[\\/]dist[\\/]legacy[\\/]cjs[\\/]core[\\/]index\.js$/;
const PARSE = `    const {
      erroredExpressions,
      mappedExpressions
    } = parseExpressions['default'](expressions, unsafe, fallback !== null);`;
const WRITTEN = '    this.sourceCode = String(this.tree);';
// The output format as nimma's constructor settles it ('auto': what this Node's Function accepts).
const OPTIONS =
  "{ unsafe, output: output === 'auto' ? determineFormat['default']() : output, npmProvider, customShorthands, fallback: fallback !== null }";

/** The plugin; `cache` is the absolute path of scripts/spectral-nimma-cache.cjs. */
export const nimmaCode = (cache) => ({
  name: 'nimma-code',
  setup(builder) {
    builder.onLoad({ filter: NIMMA_CORE }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes(PARSE) || !text.includes(WRITTEN)) throw new Error(`${args.path}: nimma's constructor moved`);
      const contents = text
        .replace(
          PARSE,
          `    const written = nimmaCode.lookup(expressions, ${OPTIONS});
    if (written !== undefined) {
      this.sourceCode = written;
      return;
    }
${PARSE}`,
        )
        .replace(WRITTEN, `${WRITTEN}\n    nimmaCode.record(expressions, ${OPTIONS}, this.sourceCode);`)
        .replace("'use strict';", `'use strict';\nconst nimmaCode = require(${JSON.stringify(path.resolve(cache))});`);
      return { contents, loader: 'js' };
    });
  },
});
