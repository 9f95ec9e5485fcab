import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResumeSearchFilters, ResumeSearchResponse } from '@maplesource/contracts/careers';
import { api, buildUrl } from '../../../lib/http';

export const searchResumes = (query: Partial<ResumeSearchFilters>, signal?: AbortSignal) =>
  api.get<ResumeSearchResponse>('career/applications', { query, ...(signal ? { signal } : {}) });
export const resumeSearchQuery = (query: Partial<ResumeSearchFilters>) =>
  queryOptions({
    queryKey: ['careers', 'resumes', query],
    queryFn: ({ signal }) => searchResumes(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useResumeSearch = (query: Partial<ResumeSearchFilters>) => useQuery(resumeSearchQuery(query));

/** The résumé's download address (an attachment; the server logs the view). */
export const resumeDownloadUrl = (applicationId: string) =>
  buildUrl(`career/applications/${encodeURIComponent(applicationId)}/resume`);
export const ownResumeUrl = () => buildUrl('career/resume');
