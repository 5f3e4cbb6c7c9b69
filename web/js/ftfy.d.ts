// TypeScript declarations of the package (both entries: index.js for Node,
// browser.js for browsers and bundlers).

/** ftfy 6.3.1's options, in JavaScript's spelling. Each is optional: one left out keeps its default. */
export interface TextFixerOptions {
  /** Decode HTML entities: `'auto'` (the default) unless the text holds a `<`, or always (`true`), or never (`false`). */
  unescapeHtml?: 'auto' | boolean;
  /** Remove ANSI terminal escapes such as color codes. Default `true`. */
  removeTerminalEscapes?: boolean;
  /** Detect mojibake and undo it. Default `true`. */
  fixEncoding?: boolean;
  /** Let a space stand for a lost U+00A0 inside mojibake. Default `true`. */
  restoreByteA0?: boolean;
  /** Decode mojibake whose damaged bytes became `�` or `?`. Default `true`. */
  replaceLossySequences?: boolean;
  /** Fix clear UTF-8 mojibake inside text that is not mojibake as a whole. Default `true`. */
  decodeInconsistentUtf8?: boolean;
  /** Replace C1 controls with the Windows-1252 characters they were. Default `true`. */
  fixC1Controls?: boolean;
  /** Replace ligatures such as `ﬁ` with their letters. Default `true`. */
  fixLatinLigatures?: boolean;
  /** Narrow full-width letters and widen half-width katakana. Default `true`. */
  fixCharacterWidth?: boolean;
  /** Straighten curly quotes. Default `true`. */
  uncurlQuotes?: boolean;
  /** Turn CRLF, CR, U+2028, U+2029 and U+0085 into `\n`. Default `true`. */
  fixLineBreaks?: boolean;
  /**
   * Replace lone UTF-16 surrogates with U+FFFD. Default `true`. With `false`,
   * text holding one throws a TypeError: the library cannot keep it.
   */
  fixSurrogates?: boolean;
  /** Remove invisible control characters and the byte-order mark. Default `true`. */
  removeControlChars?: boolean;
  /** The Unicode normalization to apply last, or `null` for none. Default `'NFC'`. */
  normalization?: 'NFC' | 'NFD' | 'NFKC' | 'NFKD' | null;
  /** The longest piece of a line, in characters, fixed at once. Default 1,000,000. */
  maxDecodeLength?: number;
  /** Whether `fixAndExplain` builds a plan. Default `true`. */
  explain?: boolean;
  /**
   * Extended recovery (off by default, so that every answer is ftfy 6.3.1's):
   * also undo the mojibake ftfy leaves broken, such as one legacy encoding
   * read as another (`Ïðèâåò` → `Привет`) or Latin text read as Cyrillic.
   */
  extendedRecovery?: boolean;
}

/** Options for bytes: the text options, and how to read the bytes. */
export interface FileOptions extends TextFixerOptions {
  /**
   * The bytes' encoding: a codec name (`utf-8`, `latin-1`,
   * `sloppy-windows-1252`, `macroman`, `utf-16`, …) or a WHATWG label
   * (`shift_jis`, `gb18030`, …). Left out or `null`: guessed, as ftfy's
   * `guess_bytes` does (with the legacy encodings in extended mode).
   */
  encoding?: string | null;
  /** About how many bytes of text each piece holds (default 1 MiB). */
  batchBytes?: number;
}

/** One step of a plan: `('encode', 'latin-1')` in ftfy's words. */
export interface ExplanationStep {
  /** `'encode'`, `'decode'`, `'transcode'`, `'apply'` or `'normalize'`. */
  action: string;
  /** The codec, fix or normalization form the step uses. */
  parameter: string;
}

/** Fixed text, and the plan that fixed it (`null` when `explain` is off). */
export interface ExplainedText {
  text: string;
  explanation: ExplanationStep[] | null;
}

/** Decoded text, and the name of the encoding it was decoded with. */
export interface DecodedText {
  text: string;
  encoding: string;
}

/** A line that fixing changed: its number (from 1) and its first 240 characters before and after. */
export interface ChangedLine {
  line: number;
  before: string;
  after: string;
}

/**
 * Thrown for bytes that the encoding cannot decode (an `Error`), with
 * where decoding stopped.
 */
export interface DecodingError extends Error {
  /** The offset of the first byte that could not be decoded. */
  offset: number;
  /** The encoding the bytes were decoded with. */
  encoding: string;
}

/** ftfy 6.3.1's defaults, with `extendedRecovery: false`. */
export const DEFAULT_OPTIONS: Readonly<Required<TextFixerOptions>>;

/** Fixes text: mojibake, entities, escapes, ligatures, width, quotes, line breaks, controls, normalization. */
export function fixText(text: string, options?: TextFixerOptions | null): string;
/** Options of `fixTexts`: the configuration, and `perString`. */
export interface FixTextsOptions extends TextFixerOptions {
  /** Judge each text alone, as `fixText` does, rather than the column as one document (extended recovery only; default false). */
  perString?: boolean;
}

/**
 * Fixes the texts of a column, each as `fixText` does; with `extendedRecovery`
 * the column is judged as one document first (its texts' evidence decides
 * which legacy mixups it holds), unless `perString` is set.
 */
export function fixTexts(texts: string[], options?: FixTextsOptions | null): string[];
/** `fixText` on one segment, without cutting it into lines. */
export function fixTextSegment(text: string, options?: TextFixerOptions | null): string;
/** Undoes mojibake only. */
export function fixEncoding(text: string, options?: TextFixerOptions | null): string;
/** Fixes the text as one segment and says how. */
export function fixAndExplain(text: string, options?: TextFixerOptions | null): ExplainedText;
/** Undoes mojibake and says how (the plan is built whatever `explain` says, as in ftfy). */
export function fixEncodingAndExplain(text: string, options?: TextFixerOptions | null): ExplainedText;
/** Replays a plan on other text; steps may also be `[action, parameter]` pairs. Throws an `Error` where a step does not apply. */
export function applyPlan(text: string, plan: ReadonlyArray<ExplanationStep | readonly [string, string]>): string;
/** One line per code point: number, character, category and name, as ftfy prints them. */
export function explainUnicode(text: string): string;
/** Whether the text looks like mojibake. */
export function isBad(text: string): boolean;
/** How much the text looks like mojibake (0 for none). */
export function badness(text: string): number;
/** Decodes bytes of unknown encoding as ftfy 6.3.1 guesses it, or, with `extendedRecovery`, by the document guess (every encoding it knows: UTF-16/32 with or without a mark, the Windows, ISO-8859, DOS, Mac and KOI8 code pages, CJK, ISO-2022; bytes that do not decode become U+FFFD). Throws a `DecodingError` for broken UTF-16 without `extendedRecovery`. */
export function guessBytes(bytes: Uint8Array | ArrayBuffer, options?: TextFixerOptions | null): DecodedText;
/** Decodes bytes in any encoding and fixes them, in pieces; as the command does for a file. Throws a `DecodingError` for bytes the encoding cannot decode. */
export function fixBytes(bytes: Uint8Array | ArrayBuffer, options?: FileOptions | null): DecodedText;

/**
 * Bytes read with `read(maxBytes)` (which returns a `Uint8Array`, empty at
 * the end; more than asked is kept for later), decoded and fixed a piece
 * at a time in bounded memory. The pieces joined are `fixBytes`' text.
 */
export class FileFixer implements Iterable<string> {
  constructor(read: (maxBytes: number) => Uint8Array, options?: FileOptions | null);
  /** The next piece of fixed text, or `null` at the end. */
  next(): string | null;
  /** The next piece of fixed text as UTF-8, or `null` at the end. */
  nextBytes(): Uint8Array | null;
  /** The encoding's name once known (after the first piece), or `null`. */
  readonly encoding: string | null;
  /** How many bytes have been read. */
  readonly bytesRead: number;
  /** How many lines have been fixed. */
  readonly lines: number;
  /** How many of them fixing changed. */
  readonly changedLines: number;
  /** The first five changed lines. */
  readonly examples: ChangedLine[];
  /**
   * Whether the text fixed so far leaves the state a text starts in (no line
   * with a `<` while `unescapeHtml` is `'auto'`): the input that follows is
   * then fixed the same by a new `FileFixer`, on its own.
   */
  readonly atStartState: boolean;
  /**
   * A `FileFixer` for the bytes that follow this one's input (from a line's
   * start): it decodes with this one's encoding and fixes from the state
   * this one's text left, so that the two outputs joined are one
   * `FileFixer`'s on the two inputs joined. Its counts and examples start
   * afresh.
   */
  continueWith(read: (maxBytes: number) => Uint8Array, options?: { batchBytes?: number } | null): FileFixer;
  /** Frees the module's memory for this fixer; it cannot be used after. */
  free(): void;
  [Symbol.iterator](): Iterator<string>;
}
