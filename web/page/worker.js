// One of the page's file workers: reads a byte range of a file in pieces
// (the browser reads the next while the fixer works on one), decodes and
// fixes it with FileFixer, and hands back the
// fixed text as a Blob built of one small Blob per piece, so that memory
// stays bounded however large the file. The page may keep a worker's fixer
// to continue it with the range that follows (FileFixer.continueWith).
// Runs after the library script (ftfyGlue, makeApi).
'use strict';

let ftfy = null;
let memory = null;
/** The fixer of the last range, kept for its continuation. */
let kept = null;

/**
 * Text in many scripts, clean and damaged, fixed once at the start in both
 * modes: the engine first runs a module's code unoptimized and optimizes
 * each function once it is seen to be hot, in the background, and a file
 * fixed right after loading would run at a fraction of the speed until
 * then. The user choosing a file leaves time for it.
 */
function warmUp() {
  const lines = [
    'Съешь же ещё этих мягких французских булок, да выпей чаю.',
    'Ð¡ÑŠÐµÑˆÑŒ Ð¶Ðµ ÐµÑ‰Ñ‘ ÑÑ‚Ð¸Ñ… Ð¼ÑÐ³ÐºÐ¸Ñ…',
    'Ïðèâåò, êàê äåëà? Ñåãîäíÿ õîðîøàÿ ïîãîäà.',
    'Le café était fermé à cause de la grève, dit-elle. cafÃ© crÃ¨me',
    "Un cafГ© au lait, s'il vous plaГ®t",
    'Größere Straßen führen über die Brücke nach München.',
    '我能吞下玻璃而不伤身体，你好世界。 東京の天気は晴れです。',
    'The Mona Lisa doesnÃ¢â‚¬â„¢t have eyebrows. &lt;3 “quotes”',
  ];
  const encoder = new TextEncoder();
  const bytes = encoder.encode(`${lines.join('\n')}\n`.repeat(400));
  for (const extendedRecovery of [true, false]) {
    fixBytesOnce(bytes, { extendedRecovery, encoding: 'utf-8' });
  }
  // A Cyrillic file in Windows-1251 with some lines of UTF-8 in it (read
  // as Windows-1251, mojibake), its encoding guessed in extended mode: the
  // decoder, the guess and extended recovery's Cyrillic paths.
  const windows1251 = (text) =>
    Uint8Array.from(text, (c) => {
      const code = c.codePointAt(0);
      if (code >= 0x410 && code <= 0x44f) return code - 0x350;
      if (code === 0x401 || code === 0x451) return code === 0x401 ? 0xa8 : 0xb8;
      return code < 0x80 ? code : 0x3f;
    });
  const cyrillic = [
    'Съешь же ещё этих мягких французских булок, да выпей чаю.\n',
    'В чащах юга жил бы цитрус? Да, но фальшивый экземпляр!\n',
    'Широкая электрификация южных губерний даст мощный толчок подъёму сельского хозяйства.\n',
  ];
  const parts = [];
  for (let i = 0; i < 1500; i++) {
    const line = cyrillic[i % cyrillic.length];
    parts.push(i % 10 === 9 ? encoder.encode(line) : windows1251(line));
  }
  const legacy = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    legacy.set(part, offset);
    offset += part.length;
  }
  fixBytesOnce(legacy, { extendedRecovery: true, encoding: null });
}

/** Fixes `bytes` with a FileFixer, for the warm-up. */
function fixBytesOnce(bytes, options) {
  let offset = 0;
  const fixer = new ftfy.FileFixer((max) => bytes.subarray(offset, (offset += max)), options);
  while (fixer.nextBytes() !== null);
  fixer.free();
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'init') {
    memory = ftfyGlue.initSync({ module: message.module }).memory;
    ftfy = makeApi(ftfyGlue);
    warmUp();
    self.postMessage({ type: 'ready' });
  } else if (message.type === 'file') {
    fixRange(message, (read) => new ftfy.FileFixer(read, { ...message.options, encoding: message.encoding || null }));
  } else if (message.type === 'continue') {
    const previous = kept;
    kept = null;
    fixRange(message, (read) => previous.continueWith(read), previous);
  } else if (message.type === 'release') {
    kept?.free();
    kept = null;
  }
};

/** How many bytes of the file are read at once. */
const PIECE_BYTES = 4 << 20;

/**
 * Reads bytes start..end of a File for FileFixer, a piece at a time: the
 * browser reads the next piece (asynchronously, on its own threads) while
 * the fixer works on the one before. `ready()` resolves once the next
 * piece is in memory; `read` gives it (FileFixer keeps what it did not
 * ask for), or reads it at once (FileReaderSync) if it is not there yet.
 */
function rangeReader({ file, start, end }) {
  const reader = new FileReaderSync();
  let offset = start;
  let next = null;
  const readNext = () => {
    next = null;
    if (offset >= end) return;
    const piece = { slice: file.slice(offset, Math.min(offset + PIECE_BYTES, end)), bytes: null };
    offset += piece.slice.size;
    piece.loaded = piece.slice.arrayBuffer().then((buffer) => {
      piece.bytes = new Uint8Array(buffer);
    });
    // A failed read throws where it is awaited, or read at once.
    piece.loaded.catch(() => {});
    next = piece;
  };
  readNext();
  return {
    ready: () => next?.loaded,
    read: () => {
      if (next === null) return new Uint8Array(0);
      const bytes = next.bytes ?? new Uint8Array(reader.readAsArrayBuffer(next.slice));
      readNext();
      return bytes;
    },
  };
}

function progress(fixer, id) {
  return {
    id,
    bytesRead: fixer.bytesRead,
    lines: fixer.lines,
    changedLines: fixer.changedLines,
    encoding: fixer.encoding,
    wasmMemoryBytes: memory.buffer.byteLength,
  };
}

/**
 * Fixes a range with the fixer that `open(read)` makes; keeps it if
 * asked.
 */
async function fixRange(message, open, previous = null) {
  const { id, keep, start } = message;
  const started = performance.now();
  let fixer = null;
  try {
    const reader = rangeReader(message);
    fixer = open(reader.read);
    previous?.free();
    const parts = [];
    let reported = started;
    let encodingSent = false;
    for (;;) {
      await reader.ready();
      const piece = fixer.nextBytes();
      if (piece === null) break;
      parts.push(new Blob([piece]));
      const now = performance.now();
      if (!encodingSent || now - reported >= 100) {
        encodingSent = true;
        reported = now;
        self.postMessage({ type: 'progress', ...progress(fixer, id) });
      }
    }
    self.postMessage({
      type: 'done',
      ...progress(fixer, id),
      examples: fixer.examples,
      atStartState: fixer.atStartState,
      seconds: (performance.now() - started) / 1000,
      blob: new Blob(parts, { type: 'text/plain;charset=utf-8' }),
    });
    if (keep) {
      kept = fixer;
      fixer = null;
    }
  } catch (error) {
    // Offsets from the file's start, not the range's.
    const offset = error.offset === undefined ? null : error.offset + start;
    const message = offset === null ? error.message : error.message.replace(/byte offset \d+/, `byte offset ${offset}`);
    self.postMessage({ type: 'error', id, message, offset });
  } finally {
    fixer?.free();
  }
}
