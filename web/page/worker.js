// One of the page's file workers: reads a byte range of a file in pieces
// (FileReaderSync), decodes and fixes it with FileFixer, and hands back the
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
  const bytes = new TextEncoder().encode(`${lines.join('\n')}\n`.repeat(400));
  for (const extendedRecovery of [true, false]) {
    let offset = 0;
    const fixer = new ftfy.FileFixer((max) => bytes.subarray(offset, (offset += max)), { extendedRecovery, encoding: 'utf-8' });
    while (fixer.nextBytes() !== null);
    fixer.free();
  }
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'init') {
    memory = ftfyGlue.initSync({ module: message.module }).memory;
    ftfy = makeApi(ftfyGlue);
    warmUp();
    self.postMessage({ type: 'ready' });
  } else if (message.type === 'file') {
    fixRange(message, () => new ftfy.FileFixer(rangeReader(message), { ...message.options, encoding: message.encoding || null }));
  } else if (message.type === 'continue') {
    const previous = kept;
    kept = null;
    fixRange(message, () => previous.continueWith(rangeReader(message)), previous);
  } else if (message.type === 'release') {
    kept?.free();
    kept = null;
  }
};

/** A `read(maxBytes)` for FileFixer over bytes start..end of a File. */
function rangeReader({ file, start, end }) {
  const reader = new FileReaderSync();
  let offset = start;
  return (maxBytes) => {
    const piece = file.slice(offset, Math.min(offset + maxBytes, end));
    offset += piece.size;
    return new Uint8Array(reader.readAsArrayBuffer(piece));
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

/** Fixes a range with the fixer `open` makes; keeps it if asked. */
function fixRange({ id, keep, start }, open, previous = null) {
  const started = performance.now();
  let fixer = null;
  try {
    fixer = open();
    previous?.free();
    const parts = [];
    let reported = started;
    let encodingSent = false;
    for (let piece = fixer.nextBytes(); piece !== null; piece = fixer.nextBytes()) {
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
