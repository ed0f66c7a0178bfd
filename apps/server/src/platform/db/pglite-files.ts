import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { join } from 'node:path';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite's file layer on a data folder, made to keep what it acknowledges (issue 28).
 *
 * PGlite 0.5 runs PostgreSQL compiled to WebAssembly over Emscripten's NODEFS, which maps each file
 * call to Node's fs. Two of them never reached the disk: NODEFS has no `fsync` (the WASI `fd_sync`
 * that libc's fsync() becomes calls `stream_ops.fsync` when there is one, and there is none), and
 * Emscripten's `__syscall_fdatasync` only checks the descriptor. PGlite also starts PostgreSQL with
 * `-F` (fsync off). So a commit was written to the operating system's page cache and answered: a
 * power cut or a failing file system lost it (10 acknowledged bookings of 10 in the trial).
 *
 * With `sync` on, this layer gives NODEFS an fsync that calls `fs.fsyncSync` on the real
 * descriptor, replaces the fdatasync import with one that calls `fs.fdatasyncSync`, both before
 * PostgreSQL starts (the WebAssembly module is instantiated through `instantiateWasm`, and the
 * import object it receives is what the module calls), and the store starts PostgreSQL without
 * `-F`. PostgreSQL then does what it does on any disk: the write-ahead log is fdatasync'ed at
 * every commit before the commit returns (wal_sync_method=fdatasync, synchronous_commit=on), and
 * data files, the control file and new files' folders are fsync'ed at checkpoints.
 *
 * It relies on Emscripten internals of the build PGlite ships (NODEFS' stream_ops, the fdatasync
 * import's name): when one is missing the store refuses to open rather than run without syncs, and
 * the store checks at open that a commit really reached fdatasync (store.ts).
 *
 * For tests it can also make file calls fail as a sick disk would (`faults`): EROFS, ENOSPC or EIO
 * on writes, syncs, new files — the in-process model of a data folder gone read-only or full.
 */

/**
 * A file call `faults` may fail: 'extend' is a write past the file's end (it needs new space),
 * 'write' one within it.
 */
export type FileCall =
  | 'write'
  | 'extend'
  | 'sync'
  | 'create'
  | 'open-for-write'
  | 'rename'
  | 'unlink'
  | 'truncate';

/**
 * Answers the errno (Node's name: 'EROFS', 'ENOSPC', 'EIO'…) a call on `path` fails with, or
 * undefined to let it run. Tests only.
 */
export type FileFaults = (call: FileCall, path: string) => string | undefined;

export type PgliteFilesOptions = {
  /** Route fsync and fdatasync to the kernel (the store's durability; off only for the bench's baseline). */
  sync: boolean;
  /** Told after each sync the kernel completed: the store's check at open counts them. */
  onSync?: (call: 'fsync' | 'fdatasync', path: string) => void;
  faults?: FileFaults;
};

/** The parts of the Emscripten module this layer touches. */
type EmscriptenModule = {
  FS: { getStream(fd: number): Stream | null | undefined; ErrnoError: new (errno: number) => Error };
  NODEFS: {
    stream_ops: Record<string, (...args: never[]) => unknown>;
    node_ops: Record<string, (...args: never[]) => unknown>;
    tryFSOperation<T>(operation: () => T): T;
    realPath(node: unknown): string;
  };
};
type Stream = { nfd?: number; path?: string; flags: number; node: unknown };
type WasmImports = Record<string, unknown>;

const FDATASYNC_IMPORT = '__syscall_fdatasync';
/** O_WRONLY | O_RDWR in Emscripten's (musl's) flags. */
const WRITE_FLAGS = 3;

export class PgliteFiles extends NodeFS {
  private module: EmscriptenModule | undefined;

  constructor(
    readonly folder: string,
    private readonly options: PgliteFilesOptions,
  ) {
    super(folder);
  }

  override async init(pg: Parameters<NodeFS['init']>[0], emscripten: Parameters<NodeFS['init']>[1]) {
    const instantiate = emscripten.instantiateWasm as
      | ((imports: Record<string, WasmImports>, done: (...args: unknown[]) => void) => unknown)
      | undefined;
    if (this.options.sync && !instantiate) {
      throw new Error(
        "This PGlite build no longer instantiates its WebAssembly through instantiateWasm: SkyDesk can't route its fdatasync to the disk",
      );
    }
    const opts = {
      ...emscripten,
      ...(instantiate
        ? {
            instantiateWasm: (imports: Record<string, WasmImports>, done: (...args: unknown[]) => void) =>
              instantiate(this.patchImports(imports), done),
          }
        : {}),
      // Before PGlite's own preRun mounts NODEFS (NodeFS.init appends that one after these).
      preRun: [
        ...(emscripten.preRun ?? []),
        (module: unknown) => this.patchNodefs(module as EmscriptenModule),
      ],
    } as typeof emscripten;
    return super.init(pg, opts);
  }

  /** The WebAssembly module's imports with an fdatasync that reaches the disk. */
  private patchImports(imports: Record<string, WasmImports>): Record<string, WasmImports> {
    let found = false;
    for (const space of ['env', 'wasi_snapshot_preview1']) {
      const table = imports[space];
      if (!table || !(FDATASYNC_IMPORT in table)) continue;
      found = true;
      const original = table[FDATASYNC_IMPORT] as { sig?: string };
      const fdatasync = (fd: number) => this.syscall(fd, 'fdatasync');
      // Emscripten's dynamic linking reads a function's signature from `sig`.
      Object.assign(fdatasync, { sig: original.sig ?? 'ii' });
      // In place: side modules (extensions) resolve their imports through this same object.
      table[FDATASYNC_IMPORT] = fdatasync;
    }
    if (!found && this.options.sync) {
      throw new Error(
        `This PGlite build has no ${FDATASYNC_IMPORT} import: SkyDesk can't route it to the disk`,
      );
    }
    return imports;
  }

  /** fdatasync() from PostgreSQL: 0, or minus the errno, as a syscall answers. */
  private syscall(fd: number, call: 'fdatasync'): number {
    const module = this.module;
    if (!module) return 0;
    try {
      const stream = module.FS.getStream(fd);
      // MEMFS files (/tmp, /dev) have no descriptor of the host's: nothing to sync.
      if (stream?.nfd === undefined) return 0;
      module.NODEFS.tryFSOperation(() => this.sync(call, stream));
      return 0;
    } catch (error) {
      const errno = (error as { errno?: unknown }).errno;
      return typeof errno === 'number' ? -errno : -29; // EIO
    }
  }

  private sync(call: 'fsync' | 'fdatasync', stream: Stream) {
    const path = stream.path ?? '';
    this.fault('sync', path);
    if (!this.options.sync) return;
    if (call === 'fsync') fs.fsyncSync(stream.nfd!);
    else fs.fdatasyncSync(stream.nfd!);
    this.options.onSync?.(call, path);
  }

  /** Throws as Node would for a call the tests' faults fail (converted to an errno by NODEFS). */
  private fault(call: FileCall, path: string) {
    const code = this.options.faults?.(call, path);
    if (code) throw Object.assign(new Error(`${code}: ${call} ${path}`), { code });
  }

  private patchNodefs(module: EmscriptenModule) {
    this.module = module;
    const nodefs = module.NODEFS;
    const { stream_ops: streams, node_ops: nodes } = nodefs;
    if (!nodefs || !streams || !nodes || typeof nodefs.tryFSOperation !== 'function') {
      if (this.options.sync) throw new Error("This PGlite build's NODEFS is not the one SkyDesk knows");
      return;
    }
    // fsync(): the WASI fd_sync calls the stream's fsync when there is one (NODEFS had none).
    streams.fsync = ((stream: Stream) => {
      if (stream.nfd === undefined) return 0;
      nodefs.tryFSOperation(() => this.sync('fsync', stream));
      return 0;
    }) as never;
    if (!this.options.faults) return;
    const guard = <A extends unknown[], R>(
      original: (...args: A) => R,
      check: (...args: A) => [FileCall, string] | undefined,
    ) =>
      ((...args: A) => {
        const found = check(...args);
        if (found) nodefs.tryFSOperation(() => this.fault(found[0], found[1]));
        return original(...args);
      }) as never;
    const path = (stream: Stream) => stream.path ?? '';
    const nodePath = (node: unknown) => nodefs.realPath(node);
    const under = (parent: unknown, name: string) => join(nodePath(parent), name);
    streams.write = guard(
      streams.write as (
        stream: Stream,
        buffer: unknown,
        offset: number,
        length: number,
        position?: number,
      ) => unknown,
      (stream, _buffer, _offset, length, position) => {
        const size = stream.nfd === undefined ? 0 : fs.fstatSync(stream.nfd).size;
        return [(position ?? size) + length > size ? 'extend' : 'write', path(stream)];
      },
    );
    streams.open = guard(streams.open as (stream: Stream) => unknown, (stream) =>
      stream.flags & WRITE_FLAGS ? ['open-for-write', path(stream)] : undefined,
    );
    nodes.mknod = guard(nodes.mknod as (parent: unknown, name: string) => unknown, (parent, name) => [
      'create',
      under(parent, name),
    ]);
    nodes.rename = guard(nodes.rename as (node: unknown) => unknown, (node) => ['rename', nodePath(node)]);
    nodes.unlink = guard(nodes.unlink as (parent: unknown, name: string) => unknown, (parent, name) => [
      'unlink',
      under(parent, name),
    ]);
    nodes.setattr = guard(
      nodes.setattr as (node: unknown, attr: { size?: number }) => unknown,
      (node, attr) => (attr.size === undefined ? undefined : ['truncate', nodePath(node)]),
    );
  }
}

/**
 * Syncs every file and folder under `folder` to disk: a database PGlite has just made (initdb's
 * files, or a dump loaded) is written with plain writes and no sync, and a power cut soon after
 * left it empty files (seen on the loop-mounted disk of the crash test). On Linux one syncfs(2) of
 * the file system (`sync -f`: 50 ms where an fsync of each of the ~1,200 files took 1.5–12 s);
 * elsewhere, or without coreutils, each file and folder is fsync'ed.
 */
export function syncTree(folder: string): void {
  if (process.platform === 'linux') {
    try {
      execFileSync('sync', ['-f', folder], { stdio: 'ignore' });
      return;
    } catch {
      // No `sync -f` here: file by file below.
    }
  }
  const visit = (path: string) => {
    const stat = fs.lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) for (const name of fs.readdirSync(path)) visit(join(path, name));
    const fd = fs.openSync(path, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  };
  visit(folder);
}
