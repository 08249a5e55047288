import { useMemo, useState } from 'react';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { Modal } from '@wps/ui/modal';
import { Tabs } from '../../../components/tabs';
import { CONTENT_LANGUAGES, type ContentLanguage } from '../content-form';
import type { PreviewContent } from '../content-view';

/**
 * The item as players will see it, in PT or EN: the title, the picture at its own size (the box
 * is reserved by width and height), and the body HTML after DOMPurify, as the player site draws
 * it. The server sanitises on save too; this also covers words typed but not saved yet.
 */
export function PreviewDialog({ content, onClose }: { content: PreviewContent; onClose: () => void }) {
  const { t, i18n } = useTranslation('content');
  const [language, setLanguage] = useState<ContentLanguage>(i18n.language === 'en' ? 'EN' : 'PT');
  const words = content.translations[language];
  const safeHtml = useMemo(() => DOMPurify.sanitize(words.bodyHtml), [words.bodyHtml]);

  return (
    <Modal open onClose={onClose} title={t('previewDialog.title')} size="lg">
      <p className="content-muted">{t('previewDialog.note')}</p>
      <Tabs
        ids={CONTENT_LANGUAGES}
        active={language}
        onChange={setLanguage}
        label={t('previewDialog.language')}
        labelOf={(l) => t(`form.languages.${l}`)}
        idPrefix="content-preview"
      >
        <article className="content-preview" data-testid="content-preview" lang={language === 'PT' ? 'pt-BR' : 'en'}>
          <h3 className="content-preview__title">{words.title}</h3>
          {content.image ? (
            <img
              className="content-preview__image"
              src={content.image.url}
              width={content.image.width}
              height={content.image.height}
              alt={words.title}
            />
          ) : (
            <p className="content-muted">{t('previewDialog.noImage')}</p>
          )}
          {safeHtml.trim() ? (
            // Sanitised by DOMPurify just above: no scripts, handlers or javascript: links.
            <div
              className="content-preview__body"
              data-testid="content-preview-body"
              dangerouslySetInnerHTML={{ __html: safeHtml }}
            />
          ) : (
            <p className="content-muted">{t('previewDialog.emptyBody')}</p>
          )}
        </article>
      </Tabs>
    </Modal>
  );
}
