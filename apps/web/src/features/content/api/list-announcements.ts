import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ANNOUNCEMENT_TYPES, Announcement } from '@wps/shared/schemas/content';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';

export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
export type AnnouncementPage = {
  list: Announcement[];
  pageNo: number;
  pageSize: number;
  total: number;
  totalPages: number;
};

/** The product's page size for the announcement modal. */
export const ANNOUNCEMENTS_PAGE_SIZE = 9;

type ListAnnouncementsInput = { type?: AnnouncementType; pageNo: number; pageSize?: number };

/** POST /wps/relay/MCSFE_getListAnnouncements (public): live announcements, newest first. */
export function listAnnouncements({
  type,
  pageNo,
  pageSize = ANNOUNCEMENTS_PAGE_SIZE,
}: ListAnnouncementsInput): Promise<AnnouncementPage> {
  return apiRequest<AnnouncementPage>('/wps/relay/MCSFE_getListAnnouncements', {
    method: 'POST',
    body: { ...(type ? { type } : {}), pageNo, pageSize },
  });
}

/** Keyed by type, page and language: the server answers the title and text in the request's language. */
export function announcementsQueryOptions(input: ListAnnouncementsInput, language: string) {
  return queryOptions({
    queryKey: [
      'content',
      'announcements',
      input.type ?? 'all',
      input.pageNo,
      input.pageSize ?? ANNOUNCEMENTS_PAGE_SIZE,
      language,
    ],
    queryFn: () => listAnnouncements(input),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncements(input: ListAnnouncementsInput, isEnabled = true) {
  const { i18n } = useTranslation();
  return useQuery({ ...announcementsQueryOptions(input, i18n.language), enabled: isEnabled });
}
