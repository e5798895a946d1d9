// A one-line progress bar for terminals; silent when output is not a TTY (CI logs stay clean).

export function createProgressBar(label: string, stream: NodeJS.WriteStream = process.stdout) {
  const width = 30;
  let lastDrawn = -1;
  return {
    update(done: number, total: number) {
      if (!stream.isTTY || total === 0) return;
      const filled = Math.round((done / total) * width);
      if (filled === lastDrawn && done !== total) return;
      lastDrawn = filled;
      const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
      stream.write(
        `\r${label} ${bar} ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`,
      );
      if (done === total) stream.write('\n');
    },
  };
}
