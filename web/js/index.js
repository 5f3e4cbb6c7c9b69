// ftfy for Node (and any runtime with node:fs): loads the WebAssembly
// module synchronously, so that a plain `import` is all it takes.
//
//     import { fixText } from 'ftfy-wasm';
//     fixText('âœ” No problems'); // '✔ No problems'

import { readFileSync } from 'node:fs';

import * as glue from '../pkg/ftfy.js';
import { makeApi } from './api.js';

glue.initSync({ module: readFileSync(new URL('../pkg/ftfy_bg.wasm', import.meta.url)) });

export const {
  DEFAULT_OPTIONS,
  fixText,
  fixTexts,
  fixTextSegment,
  fixEncoding,
  fixAndExplain,
  fixEncodingAndExplain,
  applyPlan,
  explainUnicode,
  isBad,
  badness,
  guessBytes,
  fixBytes,
  FileFixer,
} = makeApi(glue);
