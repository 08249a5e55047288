import { toast } from '../../components/ui/toast';

/** Copy a value to the clipboard and say so; a refused clipboard tells the player to select it. */
export async function copy(value: string, done: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    toast.success(done);
  } catch {
    toast.error(failed);
  }
}
