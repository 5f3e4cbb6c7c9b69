// The page's file worker: reads a file in pieces (FileReaderSync), decodes
// and fixes it with FileFixer, and hands back the fixed file as a Blob built
// of one small Blob per piece, so that memory stays bounded however large
// the file. Runs after the library script (ftfyGlue, makeApi).
'use strict';

let ftfy = null;
let memory = null;

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
    'Un cafГ© au lait, s\'il vous plaГ®t',
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
    fixFile(message);
  }
};

/** A `read(maxBytes)` for FileFixer over a File, read synchronously. */
function fileReader(file) {
  const reader = new FileReaderSync();
  let offset = 0;
  return (maxBytes) => {
    const piece = file.slice(offset, offset + maxBytes);
    offset += piece.size;
    return new Uint8Array(reader.readAsArrayBuffer(piece));
  };
}

function progress(fixer, file, id) {
  return {
    id,
    bytesRead: fixer.bytesRead,
    size: file.size,
    lines: fixer.lines,
    changedLines: fixer.changedLines,
    encoding: fixer.encoding,
    wasmMemoryBytes: memory.buffer.byteLength,
  };
}

function fixFile({ id, file, options, encoding }) {
  const started = performance.now();
  let fixer = null;
  try {
    fixer = new ftfy.FileFixer(fileReader(file), { ...options, encoding: encoding || null });
    const parts = [];
    let reported = started;
    for (let piece = fixer.nextBytes(); piece !== null; piece = fixer.nextBytes()) {
      parts.push(new Blob([piece]));
      const now = performance.now();
      if (now - reported >= 100) {
        reported = now;
        self.postMessage({ type: 'progress', ...progress(fixer, file, id) });
      }
    }
    const seconds = (performance.now() - started) / 1000;
    self.postMessage({
      type: 'done',
      ...progress(fixer, file, id),
      examples: fixer.examples,
      seconds,
      blob: new Blob(parts, { type: 'text/plain;charset=utf-8' }),
    });
  } catch (error) {
    self.postMessage({ type: 'error', id, message: error.message, offset: error.offset ?? null });
  } finally {
    fixer?.free();
  }
}
