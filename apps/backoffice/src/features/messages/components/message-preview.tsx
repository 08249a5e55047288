import { useMemo, useState } from 'react';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { Modal } from '@wps/ui/modal';
import { Tabs } from '../../../components/tabs';
import { MESSAGE_LANGUAGES, type MessageLanguage } from '../message-form';

export type PreviewWords = Record<MessageLanguage, { title: string; bodyHtml: string }>;

/**
 * The message as players will read it in their inbox, in PT or EN: the title and the body HTML
 * after DOMPurify, as the player site draws it. The server sanitises on save too; this also
 * covers words typed but not sent yet.
 */
export function MessagePreview({ words, onClose }: { words: PreviewWords; onClose: () => void }) {
  const { t, i18n } = useTranslation('messages');
  const [language, setLanguage] = useState<MessageLanguage>(i18n.language === 'en' ? 'EN' : 'PT');
  const shown = words[language];
  const safeHtml = useMemo(() => DOMPurify.sanitize(shown.bodyHtml), [shown.bodyHtml]);
  return (
    <Modal open onClose={onClose} title={t('previewDialog.title')} size="lg">
      <Tabs
        ids={MESSAGE_LANGUAGES}
        active={language}
        onChange={setLanguage}
        label={t('previewDialog.language')}
        labelOf={(l) => t(`form.languages.${l}`)}
        idPrefix="message-preview"
      >
        <article className="messages-preview" data-testid="message-preview" lang={language === 'PT' ? 'pt-BR' : 'en'}>
          <h3 className="messages-preview__title">{shown.title || t('previewDialog.noTitle')}</h3>
          {safeHtml.trim() ? (
            // Sanitised by DOMPurify just above: no scripts, handlers or javascript: links.
            <div
              className="messages-preview__body"
              data-testid="message-preview-body"
              dangerouslySetInnerHTML={{ __html: safeHtml }}
            />
          ) : (
            <p className="messages-muted">{t('previewDialog.emptyBody')}</p>
          )}
        </article>
      </Tabs>
    </Modal>
  );
}
