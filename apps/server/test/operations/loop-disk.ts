import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fillDisk } from '../support/full-disk.js';

/**
 * A real disk that fails on purpose, for the operations tests of issue 28: an ext4 file system in
 * an image file, loop-mounted. Root and a kernel with loop devices and ext4 are needed (the CI
 * machine is a Debian VM run as root); `requireLoopDisk` fails with what is missing rather than let
 * a test skip quietly.
 *
 * - `powerCut()`: ext4's shutdown ioctl without flushing its journal (EXT4_IOC_SHUTDOWN,
 *   EXT4_GOING_FLAGS_NOLOGFLUSH — what xfstests uses to model a power cut): from that instant every
 *   call on the file system fails with EIO, and whatever the kernel had not written to the device —
 *   everything never fsync'ed — is gone at `remount()`, which replays the journal as a restart does.
 * - `forceReadOnly()`: an ext4 error (sysfs `trigger_fs_error`) on a file system mounted with
 *   errors=remount-ro: it turns read-only under its users, writes and syncs fail with EROFS, reads
 *   go on — what a disk error does to a server's data folder. It stays so until `remount()`.
 * - `fill()` / `free()`: the file system filled to its last block, and freed.
 */

const PERL_SHUTDOWN = `
open(my $f, "<", $ARGV[0]) or die "open $ARGV[0]: $!";
my $flags = pack("L", 2);  # EXT4_GOING_FLAGS_NOLOGFLUSH
ioctl($f, 0x8004587d, $flags) or die "EXT4_IOC_SHUTDOWN: $!";
`;

/** Why this machine can't run the loop-disk tests, or undefined when it can. */
export function loopDiskMissing(): string | undefined {
  if (process.getuid?.() !== 0) return 'they mount file systems, which needs root';
  for (const tool of ['mount', 'umount', 'mkfs.ext4', 'perl', 'losetup']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      return `${tool} is not installed`;
    }
  }
  if (!existsSync('/dev/loop-control')) return 'the kernel has no loop devices (/dev/loop-control)';
  return undefined;
}

/** Throws, saying what is missing, unless this machine can run the loop-disk tests. */
export function requireLoopDisk(what: string): void {
  const missing = loopDiskMissing();
  if (missing) {
    throw new Error(
      `${what} runs on a loop-mounted ext4 file system, and ${missing}. Run the suite as root on Linux ` +
        '(as CI does, .ci/run), or set SKYDESK_NO_LOOP_DISK=1 to leave these tests out knowingly.',
    );
  }
}

/** SKYDESK_NO_LOOP_DISK=1: the loop-disk tests left out on purpose (they print that they are). */
export const loopDiskOptedOut = process.env.SKYDESK_NO_LOOP_DISK === '1';

export type LoopDisk = {
  mountPoint: string;
  powerCut(): void;
  forceReadOnly(): void;
  fill(): void;
  free(): void;
  /** Unmounts (the file system's users must have let go of it) and mounts again: journal replayed. */
  remount(): void;
  dispose(): void;
};

export function createLoopDisk(sizeMb: number): LoopDisk {
  const dir = mkdtempSync(join(tmpdir(), 'skydesk-loop-'));
  const image = join(dir, 'disk.img');
  const mountPoint = join(dir, 'mnt');
  const filler = join(mountPoint, 'filler');
  execFileSync('truncate', ['-s', `${sizeMb}M`, image]);
  execFileSync('mkfs.ext4', ['-q', '-F', image]);
  execFileSync('mkdir', ['-p', mountPoint]);
  const mount = () =>
    execFileSync('mount', ['-o', 'loop,errors=remount-ro', image, mountPoint], { stdio: 'pipe' });
  const unmount = () => execFileSync('umount', [mountPoint], { stdio: 'pipe' });
  mount();
  const device = () =>
    basename(execFileSync('findmnt', ['-n', '-o', 'SOURCE', mountPoint], { encoding: 'utf8' }).trim());
  let mounted = true;
  return {
    mountPoint,
    powerCut: () => {
      execFileSync('perl', ['-e', PERL_SHUTDOWN, mountPoint], { stdio: 'pipe' });
    },
    forceReadOnly: () => {
      writeFileSync(
        `/sys/fs/ext4/${device()}/trigger_fs_error`,
        'skydesk test: the data folder turns read-only',
      );
    },
    fill: () => fillDisk(filler),
    free: () => rmSync(filler, { force: true }),
    remount: () => {
      unmount();
      // An error left the file system marked as having one: check it, as an operator would.
      try {
        execFileSync('e2fsck', ['-p', image], { stdio: 'pipe' });
      } catch {
        // e2fsck answers non-zero when it fixed something; the mount says whether it is usable.
      }
      mount();
    },
    dispose: () => {
      if (mounted) {
        try {
          unmount();
        } catch {
          execFileSync('umount', ['-l', mountPoint], { stdio: 'pipe' });
        }
        mounted = false;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
