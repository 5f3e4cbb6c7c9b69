// ftfy for browsers and bundlers: fetches and compiles the WebAssembly
// module beside this file before the exports are ready (top-level await).

import init, * as glue from '../pkg/ftfy.js';
import { makeApi } from './api.js';

await init({ module_or_path: new URL('../pkg/ftfy_bg.wasm', import.meta.url) });

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
