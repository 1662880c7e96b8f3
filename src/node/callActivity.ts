// How many files the running call has read so far, per call even when calls overlap
// (AsyncLocalStorage): the MCP server reports it as progress of long work such as a workspace search.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FileSystemPort } from '../core/ground/fileSystemPort';

export interface CallActivity {
  filesRead: number;
}

const current = new AsyncLocalStorage<CallActivity>();

/** Runs `work` with its own activity record, which `activity` reads while it runs. */
export function withActivity<T>(activity: CallActivity, work: () => Promise<T>): Promise<T> {
  return current.run(activity, work);
}

/** The file system port, counting the files each call opens or reads whole. */
export function countingFileSystem(fs: FileSystemPort): FileSystemPort {
  const counted: FileSystemPort = {
    ...(fs.folderVersions ? { folderVersions: true } : {}),
    stat: (path) => fs.stat(path),
    lstat: (path) => fs.lstat(path),
    realpath: (path) => fs.realpath(path),
    readdir: (path) => fs.readdir(path),
    open: (path) => {
      const activity = current.getStore();
      if (activity) activity.filesRead++;
      return fs.open(path);
    },
  };
  if (fs.readFileSync) {
    counted.readFileSync = (path, maxBytes) => {
      const activity = current.getStore();
      if (activity) activity.filesRead++;
      return fs.readFileSync!(path, maxBytes);
    };
  }
  if (fs.readdirSync) counted.readdirSync = (path) => fs.readdirSync!(path);
  if (fs.statSync) counted.statSync = (path) => fs.statSync!(path);
  return counted;
}
