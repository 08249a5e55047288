import { describe, expect, it } from 'vitest';
import {
  archiveSettings,
  clusterOf,
  confFile,
  confValue,
  pidOf,
  recoverySettings,
  recoveryTargetTime,
} from '../../../scripts/drill/pg-clusters';

// The drills' settings files: what PostgreSQL reads must be what the drill meant.

describe('drill cluster settings', () => {
  it('quotes a setting as postgresql.conf reads it', () => {
    expect(confValue("cp %p '/a b'")).toBe("'cp %p ''/a b'''");
    expect(confFile({ archive_mode: 'on', port: '5461' })).toBe("archive_mode = 'on'\nport = '5461'\n");
  });

  it('archives each segment once and never over an archived one', () => {
    const s = archiveSettings('/var/lib/postgresql/drill-restore/wal');
    expect(s.archive_mode).toBe('on');
    expect(s.wal_level).toBe('replica');
    expect(s.archive_command).toBe(
      'test ! -f /var/lib/postgresql/drill-restore/wal/%f && cp %p /var/lib/postgresql/drill-restore/wal/%f.part' +
        ' && mv /var/lib/postgresql/drill-restore/wal/%f.part /var/lib/postgresql/drill-restore/wal/%f',
    );
  });

  it('recovers from the archive up to the target, promotes, and does not archive into it', () => {
    expect(recoverySettings('/w', '2026-11-30 03:58:21.646094+00')).toEqual({
      restore_command: 'cp /w/%f %p',
      recovery_target_time: '2026-11-30 03:58:21.646094+00',
      recovery_target_inclusive: 'on',
      recovery_target_action: 'promote',
      archive_mode: 'off',
    });
  });

  it('writes a target time in UTC with microseconds, and refuses one without its zone', () => {
    expect(recoveryTargetTime(new Date('2026-11-30T03:58:21.646Z'))).toBe('2026-11-30 03:58:21.646+00');
    expect(recoveryTargetTime('2026-11-30 03:58:21+00')).toBe('2026-11-30 03:58:21+00');
    // Without its zone the server would read it in its own TimeZone setting.
    expect(() => recoveryTargetTime('2026-11-30 03:58:21')).toThrow(/not a UTC recovery target time/);
    expect(() => recoveryTargetTime("2026-11-30 03:58:21+00'; DROP")).toThrow();
  });

  it("names Debian's paths of a cluster", () => {
    const c = clusterOf('drill_restore_pit', 5462);
    expect(c.url('wps')).toBe('postgres://postgres@127.0.0.1:5462/wps');
    expect(c.dataDir).toBe('/var/lib/postgresql/15/drill_restore_pit');
    expect(c.confDir).toBe('/etc/postgresql/15/drill_restore_pit');
  });

  it("reads the postmaster's pid from the first line of its pid file", () => {
    const pidFile = '48213\n/var/lib/postgresql/15/fo-primary\n1764474000\n5441\n/var/run/postgresql\n127.0.0.1\n';
    expect(pidOf(pidFile)).toBe(48213);
    // An empty or truncated file must not become process.kill(NaN) or kill(0), the whole process group.
    expect(() => pidOf('')).toThrow(/not a postmaster.pid/);
    expect(() => pidOf('0\n')).toThrow(/not a postmaster.pid/);
  });
});
