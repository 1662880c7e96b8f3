// Preloaded (`node --expose-gc --import <this file>`) into a server a test or bench spawns: asked over
// the IPC channel, it collects garbage and answers the process's heap and RSS. The channel is unref'd
// so the server still exits on its own.
process.channel?.unref();
process.on('message', (message) => {
  if (message !== 'memory') return;
  globalThis.gc?.();
  globalThis.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  process.send?.({ heapUsed, rss });
});
