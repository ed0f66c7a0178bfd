import fs from 'node:fs';
import { join } from 'node:path';
import { MemoryFS, PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { type FileFaults, PgliteFiles, syncTree } from './pglite-files.js';

/**
 * The embedded store's PostgreSQL: one PGlite instance, and what happens when it fails (issue 28).
 *
 * PostgreSQL answers a failure to write or sync its write-ahead log with PANIC: the server process
 * dies and the postmaster restarts it, replaying the log. PGlite has no postmaster: after a PANIC
 * it reported an error and then answered every later statement — reads and the search history's
 * background insert alike — "StartTransactionCommand: unexpected state STARTED" (and once, an
 * insert "succeeded" on it), until the process restarted. So a PANIC or FATAL error, or the
 * WebAssembly itself failing, marks the instance lost: no statement runs on it again, and the next
 * one to take the connection opens PostgreSQL again on the data folder, which replays the log as
 * a restart would.
 *
 * When the folder can't be opened again because it can't be written (read-only, full, failing),
 * the store opens a copy of it in memory, read-only (`default_transaction_read_only`): reads keep
 * answering, writes are refused (a 503 through store-health.ts), and the store's probe returns to
 * the folder once it can be written again (`recover`). A copy of a folder larger than
 * READ_ONLY_COPY_MAX_BYTES is not made: the store is down then, every call a 503, until the
 * folder can be written.
 */

/** Where PGlite keeps its data inside its file system (PGDATA). */
const PGDATA = '/pglite/data';

/**
 * The largest data folder copied into memory to keep serving reads while it can't be written.
 * The embedded store is for one machine's modest data (the demo's folder is ~45 MB); the copy
 * takes as much memory as the folder.
 */
export const READ_ONLY_COPY_MAX_BYTES = 512 * 1024 * 1024;

export type EngineMode = 'primary' | 'read-only copy' | 'down';

export type EngineOptions = {
  /** The data folder; without one the store is in memory, and a lost instance can't be reopened. */
  dataDir?: string;
  /** A dump to load into a new store. */
  loadDataDir?: Blob;
  /** Sync commits to disk (fsync on, routed to the kernel: pglite-files.ts). */
  durable: boolean;
  parsers: PGliteOptions['parsers'];
  startParams: string[];
  faults?: FileFaults;
  /** Runs on every instance opened after the first (LISTEN again, forget prepared statements). */
  onReopened?: (pglite: PGlite, mode: EngineMode) => Promise<void>;
  /** Told when the mode changes, with why (the store's health marks itself degraded). */
  onModeChange?: (mode: EngineMode, reason: string) => void;
};

/** A statement's failure that the store can't serve through: cannot write (58030), a 503. */
export class EmbeddedStoreDownError extends Error {
  readonly code = '58030';
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedStoreDownError';
  }
}

/** PGlite failed to start on the data folder; the message says what was found and what to do. */
export class EmbeddedStoreStartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbeddedStoreStartError';
  }
}

/**
 * PostgreSQL aborted (a PANIC) inside a statement: PGlite 0.5.16 then loops forever inside its
 * WebAssembly on the next call of its main loop — an explicit COMMIT whose log write failed, or any
 * statement sent by exec(), never returned, and the process's event loop stopped with it. The
 * instance's main-loop calls are wrapped (`stopAfterAbort`) to throw this instead once its
 * standard error said PANIC or Aborted(), so the statement fails and the store opens PostgreSQL again.
 */
export class AbortedInstanceError extends Error {
  /** I/O error: a PANIC is PostgreSQL failing to write or sync its files, in all but rare cases. */
  readonly code = '58030';
  constructor(readonly reason: string) {
    super(`could not use the embedded store's files: PostgreSQL stopped (${reason})`);
    this.name = 'AbortedInstanceError';
  }
}

/** Whether an error means the instance that raised it can't be trusted with another statement. */
export function losesInstance(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  if (error instanceof AbortedInstanceError) return error.reason;
  const { severity, message, name } = error as { severity?: unknown; message?: unknown; name?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  if (severity === 'PANIC' || severity === 'FATAL') return `${severity}: ${text}`;
  // The state a PANIC left behind, should a statement ever reach it.
  if (/unexpected state STARTED|unexpected state/.test(text) && /TransactionCommand/.test(text)) return text;
  if (name === 'RuntimeError' || name === 'ExitStatus' || /^Aborted\(/.test(text)) {
    return `the WebAssembly stopped: ${text}`;
  }
  return undefined;
}

export class EmbeddedEngine {
  private instance: PGlite | undefined;
  private lostBecause: string | undefined;
  private modeNow: EngineMode = 'primary';
  private downBecause = '';
  /** Incremented with each instance opened: what was prepared on an older one is gone. */
  generation = 0;
  /** Syncs the kernel completed for this store (the check at open, and a test's window onto it). */
  syncs = 0;

  private constructor(private readonly options: EngineOptions) {}

  static async open(options: EngineOptions): Promise<EmbeddedEngine> {
    const engine = new EmbeddedEngine(options);
    engine.instance = await engine.openPrimary(true);
    return engine;
  }

  get mode(): EngineMode {
    return this.modeNow;
  }

  /** The instance now, if any: for the store's close and dump. */
  peek(): PGlite | undefined {
    return this.lostBecause ? undefined : this.instance;
  }

  /**
   * The instance to run the caller's statements on; a lost one is replaced first. Called by the
   * holder of the store's one connection, so nobody else's statement runs meanwhile.
   */
  async current(): Promise<PGlite> {
    if (this.lostBecause !== undefined) await this.replaceLost();
    if (!this.instance) throw new EmbeddedStoreDownError(this.downMessage());
    return this.instance;
  }

  /** Notes a failed statement's error; answers whether the instance is lost because of it. */
  noteFailure(pglite: PGlite, error: unknown): boolean {
    if (pglite !== this.instance) return true;
    const reason = losesInstance(error) ?? (this.options.dataDir ? folderUnwritable(error) : undefined);
    if (reason === undefined) return false;
    this.lostBecause ??= reason;
    return true;
  }

  /** Whether `pglite` may still run statements (not lost since the caller took it). */
  usable(pglite: PGlite): boolean {
    return pglite === this.instance && this.lostBecause === undefined;
  }

  lostReason(): string {
    return this.lostBecause ?? this.downMessage();
  }

  /**
   * The probe's step while the store runs on a copy or is down: when the data folder can be
   * written again, PostgreSQL opens on it again (replaying its log) and the copy goes. Throws,
   * as a store that cannot write, while the folder still can't be written. Called by the holder
   * of the connection.
   */
  async recover(): Promise<void> {
    if (this.modeNow === 'primary' && this.lostBecause === undefined) return;
    const { dataDir } = this.options;
    if (!dataDir) throw new EmbeddedStoreDownError(this.downMessage());
    this.checkWritable(dataDir);
    const previous = this.instance;
    const wasLost = this.lostBecause !== undefined;
    const primary = await this.openPrimary(false).catch((error: unknown) => {
      throw new EmbeddedStoreDownError(
        `The data folder ${dataDir} still can't be opened: ${describe(error)}`,
      );
    });
    if (previous) await this.dispose(previous, wasLost);
    this.instance = primary;
    this.lostBecause = undefined;
    await this.reopened('primary', 'its data folder can be written again');
  }

  async close(): Promise<void> {
    const instance = this.instance;
    this.instance = undefined;
    if (instance) await this.dispose(instance, this.lostBecause !== undefined);
    this.lostBecause = 'closed';
  }

  private downMessage() {
    return `The embedded store is down: ${this.downBecause || 'closed'}`;
  }

  private async replaceLost(): Promise<void> {
    const reason = this.lostBecause ?? 'lost';
    const lost = this.instance;
    this.instance = undefined;
    if (lost) await this.dispose(lost, true);
    this.lostBecause = undefined;
    const { dataDir } = this.options;
    if (!dataDir) {
      this.downBecause = `its in-memory PostgreSQL failed (${reason}) and an in-memory store can't be opened again`;
      this.setMode('down', this.downBecause);
      return;
    }
    try {
      this.instance = await this.openPrimary(false);
      await this.reopened('primary', `PostgreSQL failed (${reason}) and was opened again on its data folder`);
      return;
    } catch (error) {
      this.downBecause = `PostgreSQL failed (${reason}) and could not be opened again on ${dataDir}: ${describe(error)}`;
    }
    try {
      this.instance = await this.openCopy(dataDir);
      await this.reopened('read-only copy', this.downBecause);
    } catch (error) {
      this.downBecause += `; no read-only copy either: ${describe(error)}`;
      this.setMode('down', this.downBecause);
    }
  }

  private async reopened(mode: EngineMode, reason: string) {
    this.generation += 1;
    if (this.instance) await this.options.onReopened?.(this.instance, mode);
    this.setMode(mode, reason);
  }

  private setMode(mode: EngineMode, reason: string) {
    this.modeNow = mode;
    this.options.onModeChange?.(mode, reason);
  }

  /** PostgreSQL on the data folder (or in memory without one). */
  private async openPrimary(first: boolean): Promise<PGlite> {
    const { dataDir, loadDataDir, durable, faults } = this.options;
    const stderr: string[] = [];
    const abort: AbortState = {};
    const common: PGliteOptions = {
      parsers: this.options.parsers,
      onStderr: (line: string) => {
        stderr.push(line);
        if (stderr.length > 40) stderr.shift();
        noteAbort(abort, line);
        return false;
      },
    };
    if (!dataDir) {
      // In memory (tests, benches): nothing to sync, so PGlite's own start parameters.
      const pglite = await PGlite.create({
        ...common,
        ...(first && loadDataDir ? { loadDataDir } : {}),
        startParams: this.options.startParams,
      });
      stopAfterAbort(pglite, abort);
      return pglite;
    }
    clearStalePostmasterPid(dataDir);
    const isNew = !fs.existsSync(join(dataDir, 'PG_VERSION'));
    const files = new PgliteFiles(dataDir, {
      sync: durable,
      onSync: () => {
        this.syncs += 1;
      },
      ...(faults ? { faults } : {}),
    });
    let pglite: PGlite;
    try {
      pglite = await PGlite.create({
        ...common,
        fs: files,
        ...(first && loadDataDir ? { loadDataDir } : {}),
        startParams: durable
          ? this.options.startParams.filter((param) => param !== '-F')
          : this.options.startParams,
      });
    } catch (error) {
      closeHostFiles(files);
      throw startError(dataDir, error, stderr);
    }
    stopAfterAbort(pglite, abort);
    if (durable) {
      // A new database (initdb's files, or a dump loaded) was written without syncs.
      if (isNew || (first && loadDataDir)) syncTree(dataDir);
      await this.checkCommitSyncs(pglite, dataDir);
    }
    return pglite;
  }

  /**
   * The check that makes the store's claim: a committed write of this instance reached the
   * kernel's fdatasync. A PGlite whose file layer changed under the patch would fail it, and the
   * store would rather not start than acknowledge writes it does not keep.
   */
  private async checkCommitSyncs(pglite: PGlite, dataDir: string) {
    const before = this.syncs;
    // A transactional WAL record: its commit flushes the log, as a booking's does. It changes no table.
    await pglite.query(`select pg_logical_emit_message(true, 'skydesk', 'durability check')`);
    if (this.syncs === before) {
      await pglite.close().catch(() => {});
      throw new EmbeddedStoreStartError(
        `SkyDesk's embedded store in ${dataDir} committed without syncing to disk: this build of PGlite ` +
          "can't keep an acknowledged write through a power cut. Run on PostgreSQL (DATABASE_URL) until it is fixed.",
      );
    }
  }

  /** A copy of the data folder in memory, read-only: the reads' store while the folder can't be written. */
  private async openCopy(dataDir: string): Promise<PGlite> {
    const size = folderSize(dataDir);
    if (size > READ_ONLY_COPY_MAX_BYTES) {
      throw new Error(
        `the folder holds ${Math.round(size / 1_048_576)} MB, more than the ${READ_ONLY_COPY_MAX_BYTES / 1_048_576} MB copied into memory`,
      );
    }
    const abort: AbortState = {};
    const pglite = await PGlite.create({
      parsers: this.options.parsers,
      fs: new ReadOnlyCopy(dataDir),
      startParams: [...this.options.startParams, '-c', 'default_transaction_read_only=on'],
      onStderr: (line: string) => {
        noteAbort(abort, line);
        return false;
      },
    });
    stopAfterAbort(pglite, abort);
    return pglite;
  }

  /** A small file written, synced and removed: can the folder be written now? */
  private checkWritable(dataDir: string) {
    const probe = join(dataDir, '.skydesk-write-probe');
    try {
      const code = this.options.faults?.('create', probe);
      if (code) throw Object.assign(new Error(`${code}: create ${probe}`), { code });
      const fd = fs.openSync(probe, 'w');
      try {
        fs.writeSync(fd, Buffer.alloc(64 * 1024));
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
        fs.rmSync(probe, { force: true });
      }
    } catch (error) {
      throw new EmbeddedStoreDownError(`The data folder ${dataDir} can't be written yet: ${describe(error)}`);
    }
  }

  /** Lets an instance go: closed when it still works, its files' descriptors closed when it was lost. */
  private async dispose(pglite: PGlite, lost: boolean) {
    if (!lost) {
      await pglite.close().catch(() => {});
      return;
    }
    // A PostgreSQL that PANICked is not asked to shut down (it would write, or hang): its host
    // descriptors are closed and it is left to the collector, as a crashed backend is.
    try {
      (pglite as unknown as { Module?: { FS?: { quit(): void } } }).Module?.FS?.quit();
    } catch {
      // Nothing more to close.
    }
  }
}

/**
 * A file error saying the data folder can't be written any more (read-only, or failing). The
 * instance is let go even though PostgreSQL only raised an ERROR: it opens its files read-write
 * even to read them, so on a read-only folder the next table it had not opened yet failed to read
 * too (`GET /api/booking-credits` answered 503 in the test). The read-only copy serves reads instead,
 * and the probe comes back to the folder. A full disk is not this: reads go on there.
 */
function folderUnwritable(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code !== '42501' && code !== '58030') return undefined;
  const text = typeof message === 'string' ? message : '';
  return /Read-only file system|Input\/output error/.test(text)
    ? `the data folder can't be written: ${text}`
    : undefined;
}

type AbortState = { reason?: string };

/** PostgreSQL's standard error said it aborted: a PANIC, or the WebAssembly's abort(). */
function noteAbort(state: AbortState, line: string) {
  if (state.reason) return;
  const panic = /\bPANIC:\s+(.*)$/.exec(line);
  if (panic) state.reason = `PANIC: ${panic[1]}`;
  else if (/^Aborted\(/.test(line.trim())) state.reason = line.trim();
}

/** The module functions PGlite's statement loop calls (execProtocolRawSync), all of them its own properties. */
type MainLoop = {
  _PostgresMainLoopOnce(): void;
  _PostgresSendReadyForQueryIfNecessary(): void;
  _pgl_pq_flush(): void;
  stackRestore(pointer: number): void;
};

/**
 * Once PostgreSQL aborted, nothing more runs inside this instance's WebAssembly: its main loop
 * throws AbortedInstanceError instead (PGlite's statement loop catches and retries what its main
 * loop throws, so the throw comes again from `stackRestore`, which that catch calls first), and
 * what PGlite calls after its loop does nothing. The statement fails, and the instance is lost.
 */
function stopAfterAbort(pglite: PGlite, state: AbortState) {
  const module = (pglite as unknown as { Module?: Partial<MainLoop> }).Module;
  const names = [
    '_PostgresMainLoopOnce',
    '_PostgresSendReadyForQueryIfNecessary',
    '_pgl_pq_flush',
    'stackRestore',
  ] as const;
  if (!module || names.some((name) => typeof module[name] !== 'function')) {
    throw new Error("This PGlite build's statement loop is not the one SkyDesk knows (pglite-engine.ts)");
  }
  const loop = module as MainLoop;
  const { _PostgresMainLoopOnce: once, stackRestore, _PostgresSendReadyForQueryIfNecessary: ready } = loop;
  const flush = loop._pgl_pq_flush;
  loop._PostgresMainLoopOnce = () => {
    if (state.reason) throw new AbortedInstanceError(state.reason);
    once();
  };
  loop.stackRestore = (pointer) => {
    stackRestore(pointer);
    if (state.reason) throw new AbortedInstanceError(state.reason);
  };
  loop._PostgresSendReadyForQueryIfNecessary = () => {
    if (!state.reason) ready();
  };
  loop._pgl_pq_flush = () => {
    if (!state.reason) flush();
  };
}

/** The host descriptors of an instance that failed to start, closed so its folder can be unmounted. */
function closeHostFiles(files: PgliteFiles) {
  try {
    (files as unknown as { pg?: { Module?: { FS?: { quit(): void } } } }).pg?.Module?.FS?.quit();
  } catch {
    // It got no further than that.
  }
}

/**
 * PGlite writes "-42" to postmaster.pid and removes it on a clean close; one left by a process that
 * died is harmless, but one left empty (a file system that failed mid-write) stops PostgreSQL at
 * start ("lock file "postmaster.pid" is empty"): the server would not start again. The data folder's
 * lock (data-dir-lock.ts) already says nobody else is using it, so a pid file that names no
 * running process — PGlite's -42, an empty or unreadable one — is cleared.
 */
export function clearStalePostmasterPid(dataDir: string): void {
  const file = join(dataDir, 'postmaster.pid');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return;
  }
  const pid = Number(text.split('\n')[0]?.trim());
  if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
    throw new EmbeddedStoreStartError(
      `SkyDesk's embedded store in ${dataDir} has a postmaster.pid naming process ${pid}, which is running: ` +
        'a PostgreSQL server may be using this folder. Stop it; if that process is not PostgreSQL, delete the file and start again.',
    );
  }
  fs.rmSync(file, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A failure to start, as one line: what PostgreSQL said, and what to do. */
function startError(dataDir: string, error: unknown, stderr: string[]): EmbeddedStoreStartError {
  const said = stderr
    .map((line) => /\b(FATAL|PANIC|ERROR|HINT|DETAIL):\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => `${match[1]}: ${match[2]}`);
  const found = said.length > 0 ? said.join(' ') : describe(error);
  let advice =
    'Restore the latest backup into an empty DATA_DIR (npm run restore), or move the folder aside to start afresh.';
  if (/Read-only file system|Permission denied|No space left|Input\/output error/i.test(found)) {
    advice = 'Make the folder writable (free space, remount it read-write, check the disk) and start again.';
  } else if (/incompatible|PG_VERSION/i.test(found)) {
    advice = 'The folder was made by another PostgreSQL version: restore a backup made with this one.';
  }
  return new EmbeddedStoreStartError(
    `SkyDesk's embedded store in ${dataDir} did not start: ${found}. ${advice}`,
    { cause: error },
  );
}

const describe = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);

function folderSize(folder: string): number {
  let total = 0;
  const visit = (path: string) => {
    const stat = fs.lstatSync(path);
    if (stat.isDirectory()) for (const name of fs.readdirSync(path)) visit(join(path, name));
    else if (stat.isFile()) total += stat.size;
  };
  visit(folder);
  return total;
}

/** PGlite in memory, its data folder filled from the one on disk (read only: nothing goes back). */
class ReadOnlyCopy extends MemoryFS {
  constructor(private readonly source: string) {
    super();
  }

  override async init(pg: Parameters<MemoryFS['init']>[0], emscripten: Parameters<MemoryFS['init']>[1]) {
    const source = this.source;
    return super.init(pg, {
      ...emscripten,
      preRun: [
        ...(emscripten.preRun ?? []),
        (module: unknown) => {
          const { FS } = module as {
            FS: { mkdirTree(path: string): void; writeFile(path: string, data: Uint8Array): void };
          };
          const copy = (from: string, to: string) => {
            FS.mkdirTree(to);
            for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
              if (entry.name === 'postmaster.pid' || entry.name.startsWith('.skydesk-')) continue;
              const path = join(from, entry.name);
              if (entry.isDirectory()) copy(path, `${to}/${entry.name}`);
              else if (entry.isFile()) FS.writeFile(`${to}/${entry.name}`, fs.readFileSync(path));
            }
          };
          copy(source, PGDATA);
        },
      ],
    } as typeof emscripten);
  }
}
