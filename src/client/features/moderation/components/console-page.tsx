import type { ReactNode } from 'react';
import { Seo } from '../../../components/seo';
import { ModerationNav } from './moderation-nav';

/** A page of the moderators' console: its title (the document's and the heading), the console's tabs and its intro. */
export function ConsolePage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <section className="my-4">
      <Seo title={title} />
      <ModerationNav />
      <h1 className="h3">{title}</h1>
      <p className="text-body-secondary">{intro}</p>
      {children}
    </section>
  );
}
