import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from './error-text';
import { showNotice } from './notices';

export type OpsMutationOptions<TVariables, TResult> = {
  mutationFn: (variables: TVariables) => Promise<TResult>;
  /** Queries the change makes stale (lists, the row's page); refetched after success. */
  invalidates?: readonly QueryKey[];
  /** Announced in the layout's live region after success. */
  successText?: (result: TResult, variables: TVariables) => string;
};

/**
 * The standard operator action: the call, the lists it changes refetched, a success notice, and
 * the server's errorCode translated (`errorMessage`, null while there is none) for the form.
 */
export function useOpsMutation<TVariables, TResult>({
  mutationFn,
  invalidates = [],
  successText,
}: OpsMutationOptions<TVariables, TResult>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (successText) showNotice(successText(result, variables));
    },
  });
  return { ...mutation, errorMessage: mutation.error ? errorText(t, mutation.error) : null };
}
