// The package's API, over the module that wasm-bindgen generates (the
// "glue"): checks every argument, so that a wrong one throws a TypeError
// or RangeError that names it, encodes the options for the WebAssembly
// side, and turns the rare trap (a panic in Rust, which would be a bug, or
// running out of memory) into an Error, restarting the module so that the
// next call works. The entries index.js (Node) and browser.js (browsers)
// load the module and call makeApi; the web page does the same with its
// own copy of the glue.

/** ftfy 6.3.1's options, in JavaScript's spelling, with its defaults. */
const DEFAULT_OPTIONS = Object.freeze({
  unescapeHtml: 'auto',
  removeTerminalEscapes: true,
  fixEncoding: true,
  restoreByteA0: true,
  replaceLossySequences: true,
  decodeInconsistentUtf8: true,
  fixC1Controls: true,
  fixLatinLigatures: true,
  fixCharacterWidth: true,
  uncurlQuotes: true,
  fixLineBreaks: true,
  fixSurrogates: true,
  removeControlChars: true,
  normalization: 'NFC',
  maxDecodeLength: 1_000_000,
  explain: true,
  extendedRecovery: false,
});

/** The codes of the non-boolean options, as the WebAssembly side reads them. */
const UNESCAPE_HTML_CODES = new Map([['auto', 0], [true, 1], [false, 2]]);
const NORMALIZATION_CODES = new Map([[null, 0], ['NFC', 1], ['NFD', 2], ['NFKC', 3], ['NFKD', 4]]);

/** The property where the Rust panic hook leaves the panic's message. */
const PANIC_MESSAGE_KEY = '__ftfyPanicMessage';

/**
 * How many times each module was restarted after a trap, by its reset
 * function (the same however many APIs are built over one module).
 */
const restarts = new WeakMap();

/** The largest length the WebAssembly side takes; any longer is the same. */
const MAX_U32 = 0xffff_ffff;

/** A value, described for an error message. */
function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return `an object (${Object.prototype.toString.call(value).slice(8, -1)})`;
  if (typeof value === 'function') return 'a function';
  return `${typeof value} ${String(value)}`;
}

/** `fix_encoding` → `fixEncoding`, for the hint after a misspelt option. */
function camelCase(name) {
  return name.replace(/_([a-z0-9])/g, (_, letter) => letter.toUpperCase());
}

/**
 * Builds the package's API over wasm-bindgen's generated module `glue`,
 * which must be initialized already.
 */
export function makeApi(glue) {
  const flagNames = glue.option_names();
  const flagBits = new Map(flagNames.map((name, bit) => [name, 2 ** bit]));
  for (const name of Object.keys(DEFAULT_OPTIONS)) {
    if (!flagBits.has(name) && typeof DEFAULT_OPTIONS[name] === 'boolean') {
      throw new Error(`ftfy: the WebAssembly module does not know the option ${name}: rebuild it`);
    }
  }
  const optionNames = Object.keys(DEFAULT_OPTIONS);
  /** The module's instance: objects of an earlier one are dead. */
  const instanceOf = () => restarts.get(glue.__wbg_reset_state) ?? 0;

  /**
   * Runs `work`, a call into the WebAssembly module, turning a trap into
   * an Error and restarting the module. (A trap leaves Rust's state
   * undefined: only a fresh instance can be trusted.)
   */
  function wasmCall(caller, work) {
    try {
      return work();
    } catch (error) {
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      const panic = globalThis[PANIC_MESSAGE_KEY];
      delete globalThis[PANIC_MESSAGE_KEY];
      glue.__wbg_reset_state();
      restarts.set(glue.__wbg_reset_state, instanceOf() + 1);
      const what = panic === undefined ? `the WebAssembly module stopped (${error.message}; out of memory?)` : `a panic in Rust: ${String(panic).replace(/\n/g, ' ')}`;
      throw new Error(`${caller}: ftfy failed with ${what}. This is a bug: please report it. The module has been restarted.`, { cause: error });
    }
  }

  /**
   * Checks `options` (undefined, null or an object of known options; a
   * property set to undefined keeps its default) and encodes them.
   * `extra` names the options the caller takes beyond the configuration.
   */
  function encodeOptions(caller, options, extra = []) {
    const encoded = {
      flags: 0,
      unescapeHtml: 0,
      normalization: 1,
      maxDecodeLength: DEFAULT_OPTIONS.maxDecodeLength,
      extra: {},
      values: { ...DEFAULT_OPTIONS },
    };
    if (options !== undefined && options !== null) {
      if (typeof options !== 'object' || Array.isArray(options)) {
        throw new TypeError(`${caller}: options must be an object, got ${describe(options)}`);
      }
      for (const [name, value] of Object.entries(options)) {
        if (value === undefined) continue;
        if (extra.includes(name)) {
          encoded.extra[name] = value;
          continue;
        }
        if (!(name in DEFAULT_OPTIONS)) {
          const camel = camelCase(name);
          const hint = camel in DEFAULT_OPTIONS || extra.includes(camel) ? `; did you mean '${camel}'?` : `; the options are ${[...optionNames, ...extra].join(', ')}`;
          throw new TypeError(`${caller}: unknown option '${name}'${hint}`);
        }
        encoded.values[name] = value;
      }
    }
    const values = encoded.values;
    for (const [name, bit] of flagBits) {
      const value = values[name];
      if (typeof value !== 'boolean') {
        throw new TypeError(`${caller}: option ${name} must be true or false, got ${describe(value)}`);
      }
      if (value) encoded.flags += bit;
    }
    if (!UNESCAPE_HTML_CODES.has(values.unescapeHtml)) {
      throw new TypeError(`${caller}: option unescapeHtml must be 'auto', true or false, got ${describe(values.unescapeHtml)}`);
    }
    encoded.unescapeHtml = UNESCAPE_HTML_CODES.get(values.unescapeHtml);
    if (!NORMALIZATION_CODES.has(values.normalization)) {
      throw new TypeError(`${caller}: option normalization must be 'NFC', 'NFD', 'NFKC', 'NFKD' or null, got ${describe(values.normalization)}`);
    }
    encoded.normalization = NORMALIZATION_CODES.get(values.normalization);
    encoded.maxDecodeLength = checkCount(caller, 'option maxDecodeLength', values.maxDecodeLength);
    return encoded;
  }

  /** A whole number of at least 1, capped at what the module takes. */
  function checkCount(caller, what, value) {
    if (typeof value !== 'number') {
      throw new TypeError(`${caller}: ${what} must be a number, got ${describe(value)}`);
    }
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`${caller}: ${what} must be a whole number of at least 1, got ${value}`);
    }
    return Math.min(value, MAX_U32);
  }

  /** The options encoded for the WebAssembly side's four parameters. */
  function configArgs(encoded) {
    return [encoded.flags, encoded.unescapeHtml, encoded.normalization, encoded.maxDecodeLength];
  }

  /**
   * Checks that `text` is a string. A lone surrogate (which a Rust string
   * cannot hold) reaches the library as U+FFFD, as ftfy's fix_surrogates
   * makes it; where the caller keeps surrogates (`fixSurrogates: false`),
   * a lone one throws instead of being lost.
   */
  function checkText(caller, text, keepSurrogates = false) {
    if (typeof text !== 'string') {
      throw new TypeError(`${caller}: text must be a string, got ${describe(text)}`);
    }
    if (keepSurrogates && !text.isWellFormed()) {
      const index = [...text].findIndex((c) => c.length === 1 && c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) < 0xe000);
      throw new TypeError(`${caller}: text holds a lone surrogate (code point ${index}), which fixSurrogates: false would keep, and which this package cannot hold; leave fixSurrogates on to replace it with U+FFFD`);
    }
    return text;
  }

  const encoder = new TextEncoder();
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let memory = null;
  let memoryOf = -1;

  /** The module's memory (a new one after a restart). */
  function wasmMemory() {
    if (memoryOf !== instanceOf()) {
      memory = glue.module_memory();
      memoryOf = instanceOf();
    }
    return memory;
  }

  /**
   * Writes `text` as UTF-8 into the module's input buffer (TextEncoder
   * writes a lone surrogate as U+FFFD); returns its length in bytes.
   */
  function writeInput(text) {
    // Each UTF-16 code unit takes at most three bytes.
    const capacity = text.length * 3;
    const address = glue.input_buffer(capacity);
    return encoder.encodeInto(text, new Uint8Array(wasmMemory().buffer, address, capacity)).written;
  }

  /**
   * The text that the module's answer makes of `text`: the runs of lines
   * it changed (start and end in `text`, and the length of their fixed
   * text, which follow each other in the module's memory) replaced, the
   * rest kept as it is.
   */
  function applyChanges(text, changes) {
    if (changes.length === 2) return text;
    const fixed = decoder.decode(new Uint8Array(wasmMemory().buffer, changes[0], changes[1]));
    let result = '';
    let cursor = 0;
    let at = 0;
    for (let i = 2; i < changes.length; i += 3) {
      result += text.slice(cursor, changes[i]) + fixed.slice(at, (at += changes[i + 2]));
      cursor = changes[i + 1];
    }
    return result + text.slice(cursor);
  }

  /**
   * Fixes the texts of a column (an array of strings) as `fixText` fixes
   * each, but that with `extendedRecovery` the column is judged as one
   * document: the evidence of all its texts decides which legacy mixups it
   * holds, and each text is fixed with them. `perString: true` judges each
   * text alone.
   */
  function fixTexts(texts, options) {
    if (!Array.isArray(texts)) {
      throw new TypeError(`fixTexts: texts must be an array of strings, got ${describe(texts)}`);
    }
    const encoded = encodeOptions('fixTexts', options, ['perString']);
    const perString = encoded.extra.perString ?? false;
    if (typeof perString !== 'boolean') {
      throw new TypeError(`fixTexts: option perString must be true or false, got ${describe(perString)}`);
    }
    texts.forEach((text, index) => checkText(`fixTexts (text ${index})`, text, !encoded.values.fixSurrogates));
    return wasmCall('fixTexts', () => glue.fix_texts(texts, ...configArgs(encoded), perString));
  }

  /** Bytes as a Uint8Array (a Node Buffer is one); an ArrayBuffer is viewed. */
  function checkBytes(caller, bytes) {
    if (bytes instanceof Uint8Array) return bytes;
    if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
    throw new TypeError(`${caller}: bytes must be a Uint8Array or an ArrayBuffer, got ${describe(bytes)}`);
  }

  /** A function that fixes text with the configuration, as `fixText` does. */
  function textFixer(caller, wasmFunction, keepsSurrogates) {
    return (text, options) => {
      const encoded = encodeOptions(caller, options);
      checkText(caller, text, keepsSurrogates && !encoded.values.fixSurrogates);
      return wasmCall(caller, () => applyChanges(text, wasmFunction(writeInput(text), ...configArgs(encoded))));
    };
  }

  /** A function that fixes text and explains how, as `fixAndExplain` does. */
  function explainer(caller, wasmFunction, keepsSurrogates) {
    return (text, options) => {
      const encoded = encodeOptions(caller, options);
      const input = checkText(caller, text, keepsSurrogates && !encoded.values.fixSurrogates);
      const [fixed, marker, ...steps] = wasmCall(caller, () => wasmFunction(input, ...configArgs(encoded)));
      const explanation = [];
      for (let i = 0; i < steps.length; i += 2) {
        explanation.push({ action: steps[i], parameter: steps[i + 1] });
      }
      return { text: fixed, explanation: marker === 'plan' ? explanation : null };
    };
  }

  const fixText = textFixer('fixText', glue.fix_text, true);
  const fixTextSegment = textFixer('fixTextSegment', glue.fix_text_segment, true);
  const fixEncoding = textFixer('fixEncoding', glue.fix_encoding, false);
  const fixAndExplain = explainer('fixAndExplain', glue.fix_and_explain, true);
  const fixEncodingAndExplain = explainer('fixEncodingAndExplain', glue.fix_encoding_and_explain, false);

  function applyPlan(text, plan) {
    const input = checkText('applyPlan', text);
    if (!Array.isArray(plan)) {
      throw new TypeError(`applyPlan: plan must be an array of steps, got ${describe(plan)}`);
    }
    const flat = [];
    plan.forEach((step, index) => {
      const [action, parameter] = Array.isArray(step) ? step : [step?.action, step?.parameter];
      if (typeof action !== 'string' || typeof parameter !== 'string' || (Array.isArray(step) && step.length !== 2)) {
        throw new TypeError(`applyPlan: step ${index} must be {action, parameter} or [action, parameter], two strings; got ${describe(step)}`);
      }
      flat.push(action, parameter);
    });
    try {
      return wasmCall('applyPlan', () => glue.apply_plan(input, flat));
    } catch (error) {
      throw ownError('applyPlan', error);
    }
  }

  function explainUnicode(text) {
    if (typeof text !== 'string') {
      throw new TypeError(`explainUnicode: text must be a string, got ${describe(text)}`);
    }
    if (text.isWellFormed()) return wasmCall('explainUnicode', () => glue.explain_unicode(text));
    // Lone surrogates are explained here, as ftfy explains them; the rest
    // of the text, between them, by the library.
    let explained = '';
    let run = '';
    const flush = () => {
      if (run) explained += wasmCall('explainUnicode', () => glue.explain_unicode(run));
      run = '';
    };
    for (const c of text) {
      const code = c.codePointAt(0);
      if (c.length === 1 && code >= 0xd800 && code < 0xe000) {
        flush();
        explained += `U+${code.toString(16).toUpperCase()}  \\u${code.toString(16)}  [Cs] <unknown>\n`;
      } else {
        run += c;
      }
    }
    flush();
    return explained;
  }

  function isBad(text) {
    checkText('isBad', text);
    return wasmCall('isBad', () => glue.is_bad(writeInput(text)));
  }

  function badness(text) {
    checkText('badness', text);
    return wasmCall('badness', () => glue.badness(writeInput(text)));
  }

  /** An Error from the module, with the caller's name before its message. */
  function ownError(caller, error) {
    if (!(error instanceof Error) || error.cause instanceof WebAssembly.RuntimeError) return error;
    const named = new error.constructor(`${caller}: ${error.message}`);
    for (const property of ['offset', 'encoding']) {
      if (property in error) named[property] = error[property];
    }
    return named;
  }

  function guessBytes(bytes, options) {
    const data = checkBytes('guessBytes', bytes);
    const encoded = encodeOptions('guessBytes', options);
    try {
      const [text, encoding] = wasmCall('guessBytes', () => glue.guess_bytes(data, encoded.values.extendedRecovery));
      return { text, encoding };
    } catch (error) {
      throw ownError('guessBytes', error);
    }
  }

  /**
   * The module's FileFixer reading with `read`, for `caller` (FileFixer or
   * fixBytes), with the module's instance it lives in.
   */
  function openFixer(caller, read, options) {
    if (typeof read !== 'function') {
      throw new TypeError(`${caller}: read must be a function (maxBytes) => Uint8Array, got ${describe(read)}`);
    }
    const encoded = encodeOptions(caller, options, ['encoding', 'batchBytes']);
    const { encoding = null, batchBytes } = encoded.extra;
    if (encoding !== null && typeof encoding !== 'string') {
      throw new TypeError(`${caller}: option encoding must be a string or null, got ${describe(encoding)}`);
    }
    const batch = batchBytes === undefined ? 0 : checkCount(caller, 'option batchBytes', batchBytes);
    try {
      const inner = wasmCall(caller, () => new glue.FileFixer(read, encoding, ...configArgs(encoded), batch));
      return { inner, instance: instanceOf() };
    } catch (error) {
      throw ownError(caller, error);
    }
  }

  /** A call to an open fixer's method. */
  function fixerCall(caller, fixer, work) {
    if (fixer.inner === undefined) throw new Error(`${caller}: used after free()`);
    if (fixer.instance !== instanceOf()) {
      throw new Error(`${caller}: the module was restarted after a failure, and this fixer with it`);
    }
    try {
      return wasmCall(caller, () => work(fixer.inner));
    } catch (error) {
      // Decoding errors are the module's (with the offset); anything
      // else is what `read` threw, thrown again as it was.
      throw error instanceof Error && 'offset' in error ? ownError(caller, error) : error;
    }
  }

  /** Frees an open fixer, unless the module it lived in was restarted. */
  function closeFixer(fixer) {
    const { inner } = fixer;
    fixer.inner = undefined;
    if (inner !== undefined && fixer.instance === instanceOf()) inner.free();
  }

  /**
   * Bytes in any encoding, read with `read(maxBytes)` (which returns a
   * Uint8Array, empty at the end), decoded and fixed a piece at a time.
   */
  /** Marks the construction of a FileFixer that continues another. */
  const continuation = Symbol('continuation');

  class FileFixer {
    #fixer;

    constructor(read, options) {
      this.#fixer = read === continuation ? options : openFixer('FileFixer', read, options);
    }

    #call(work) {
      return fixerCall('FileFixer', this.#fixer, work);
    }

    /** The next piece of fixed text, or null at the end. */
    next() {
      return this.#call((inner) => inner.next_text()) ?? null;
    }

    /** The next piece of fixed text as UTF-8, or null at the end. */
    nextBytes() {
      return this.#call((inner) => inner.next_utf8()) ?? null;
    }

    /** The encoding's name once known (after the first piece), or null. */
    get encoding() {
      return this.#call((inner) => inner.encoding()) ?? null;
    }

    /** How many bytes have been read. */
    get bytesRead() {
      return this.#call((inner) => inner.bytes_read());
    }

    /** How many lines have been fixed. */
    get lines() {
      return this.#call((inner) => inner.lines());
    }

    /** How many of those lines fixing changed. */
    get changedLines() {
      return this.#call((inner) => inner.changed_lines());
    }

    /** The first few changed lines: {line, before, after}. */
    get examples() {
      const flat = this.#call((inner) => inner.examples());
      const examples = [];
      for (let i = 0; i < flat.length; i += 3) {
        examples.push({ line: Number(flat[i]), before: flat[i + 1], after: flat[i + 2] });
      }
      return examples;
    }

    /**
     * Whether the text fixed so far leaves the state a text starts in (no
     * line with a `<` while `unescapeHtml` is `'auto'`): the input that
     * follows is then fixed the same by a new FileFixer, on its own.
     */
    get atStartState() {
      return this.#call((inner) => inner.at_start_state());
    }

    /**
     * A FileFixer for the bytes that follow this one's input (from a line's
     * start), read with `read`: it decodes with this one's encoding and
     * fixes from the state this one's text left, so that the two outputs
     * joined are one FileFixer's on the two inputs joined. Its counts and
     * examples start afresh.
     */
    continueWith(read, options) {
      if (typeof read !== 'function') {
        throw new TypeError(`FileFixer.continueWith: read must be a function (maxBytes) => Uint8Array, got ${describe(read)}`);
      }
      if (options !== undefined && options !== null && (typeof options !== 'object' || Object.keys(options).some((name) => name !== 'batchBytes'))) {
        throw new TypeError('FileFixer.continueWith: options may only hold batchBytes');
      }
      const batch = options?.batchBytes === undefined ? 0 : checkCount('FileFixer.continueWith', 'option batchBytes', options.batchBytes);
      const inner = this.#call((fixer) => fixer.continued(read, batch));
      return new FileFixer(continuation, { inner, instance: instanceOf() });
    }

    /** Frees the module's memory for this fixer; it cannot be used after. */
    free() {
      closeFixer(this.#fixer);
    }

    /** The pieces of fixed text, to the end. */
    *[Symbol.iterator]() {
      for (let piece = this.next(); piece !== null; piece = this.next()) yield piece;
    }
  }

  /** A `read` function over bytes in memory. */
  function readerOf(data) {
    let offset = 0;
    return (maxBytes) => {
      const piece = data.subarray(offset, offset + maxBytes);
      offset += piece.length;
      return piece;
    };
  }

  function fixBytes(bytes, options) {
    const data = checkBytes('fixBytes', bytes);
    const fixer = openFixer('fixBytes', readerOf(data), options);
    try {
      const pieces = [];
      for (;;) {
        const piece = fixerCall('fixBytes', fixer, (inner) => inner.next_text());
        if (piece === undefined) break;
        pieces.push(piece);
      }
      const encoding = fixerCall('fixBytes', fixer, (inner) => inner.encoding()) ?? null;
      return { text: pieces.join(''), encoding };
    } finally {
      closeFixer(fixer);
    }
  }

  return {
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
  };
}
