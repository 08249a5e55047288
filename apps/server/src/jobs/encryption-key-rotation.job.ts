import type { KeyService } from '../modules/system/key.service';
import { startIntervalJob, type JobScheduler } from './interval-job';

/** How often the server checks the key's age and forgets expired payload nonces. */
export const KEY_ROTATION_CHECK_INTERVAL_MS = 60_000;

/**
 * One pass: rotate the payload-encryption key when it is older than ENCRYPTION_KEY_ROTATION_DAYS,
 * and delete payload nonces whose bodies are stale anyway. Safe from any number of servers at once:
 * the rotation is decided under an advisory lock from the key's age in the database, so exactly
 * one server rotates, and a restart neither rotates early nor forgets that a rotation is due.
 * Returns 1 when this pass rotated.
 */
export async function runEncryptionKeyMaintenance(
  keys: Pick<KeyService, 'rotateIfDue' | 'pruneNonces'>,
): Promise<number> {
  const rotated = await keys.rotateIfDue();
  await keys.pruneNonces();
  return rotated ? 1 : 0;
}

/** Start the periodic check (and one right away); returns a stop function. The timer never keeps the process alive. */
export function startEncryptionKeyRotationJob(
  keys: Pick<KeyService, 'rotateIfDue' | 'pruneNonces'>,
  scheduler: JobScheduler,
  intervalMs = KEY_ROTATION_CHECK_INTERVAL_MS,
): () => Promise<void> {
  return startIntervalJob(
    {
      name: 'encryption-key-rotation',
      run: () => runEncryptionKeyMaintenance(keys),
      intervalMs,
      doneMessage: 'encryption key rotated on schedule',
      failMessage: 'encryption key rotation check failed',
      runAtStart: true,
    },
    scheduler,
  );
}
