import { createContext, useContext } from 'react';

/** The page title is prefixed by the total of unread messages plus new likes, in brackets. */
export const TitleCountContext = createContext(0);

export function useTitleCount(): number {
  return useContext(TitleCountContext);
}

export function prefixTitle(title: string, count: number): string {
  return count > 0 ? `(${count}) ${title}` : title;
}
