import { toast } from '../../components/ui/toast';
import { copyText } from '../../lib/clipboard';

/** Copy a value to the clipboard and say so; a refused clipboard tells the player to select it. */
export async function copy(value: string, done: string, failed: string): Promise<void> {
  if (await copyText(value)) toast.success(done);
  else toast.error(failed);
}
