import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PAGE_ANSWER_KEY, type PageAnswer } from '../../shared/domain/page-answer';

/**
 * The server's answer for this form, when the page came back from a post made before the script
 * ran: read as the page is first drawn, then dropped from the cache so that coming back to the
 * page later shows the form fresh.
 */
export function usePageAnswer(form: string): PageAnswer | null {
  const client = useQueryClient();
  const [answer] = useState(() => {
    const found = client.getQueryData<PageAnswer>(PAGE_ANSWER_KEY);
    return found?.form === form ? found : null;
  });
  useEffect(() => {
    if (answer) client.removeQueries({ queryKey: PAGE_ANSWER_KEY, exact: true });
  }, [answer, client]);
  return answer;
}
