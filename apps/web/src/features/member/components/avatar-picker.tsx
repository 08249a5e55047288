import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Spinner } from '@wps/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { useAvatarList } from '../api/list-avatars';
import { useSetAvatar } from '../api/set-avatar';
import { Avatar } from './avatar';
import { MemberAvatar } from './member-avatar';
import './avatar-picker.css';

/** The member's avatar with a "change" control that opens the grid of drawn avatars. */
export function AvatarPicker({ size = 64 }: { size?: number }) {
  const { t } = useTranslation('common');
  const [isOpen, setOpen] = useState(false);
  const list = useAvatarList(isOpen);
  const choose = useSetAvatar();
  const gridId = useId();

  const onChoose = (avatarId: number) => {
    choose.mutate(
      { avatarId },
      {
        onSuccess: () => {
          toast.success(t('avatar.saved'));
          setOpen(false);
        },
        onError: (error) => toast.error(translateError(error)),
      },
    );
  };

  return (
    <div className="avatar-picker">
      <MemberAvatar size={size} />
      <Button variant="ghost" size="sm" aria-expanded={isOpen} aria-controls={gridId} onClick={() => setOpen(!isOpen)}>
        {t('avatar.change')}
      </Button>
      {isOpen && (
        <div id={gridId} className="avatar-picker__grid" role="group" aria-label={t('avatar.choose')}>
          {list.isPending && <Spinner size={20} />}
          {list.data?.list.map((item) => {
            const isCurrent = item.avatarId === list.data.current;
            const isSaving = choose.isPending && choose.variables.avatarId === item.avatarId;
            return (
              <button
                key={item.avatarId}
                type="button"
                className={`avatar-picker__option${isCurrent ? ' is-current' : ''}`}
                aria-pressed={isCurrent}
                aria-label={t('avatar.option', { number: item.avatarId })}
                disabled={choose.isPending}
                onClick={() => onChoose(item.avatarId)}
              >
                {isSaving ? <Spinner size={20} /> : <Avatar size={48} src={item.url} />}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
