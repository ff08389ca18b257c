import { sharedIntl } from '../src/server/intl';
import { pageMessages } from '../src/server/messages';
import { loadAssets } from '../src/bff/assets';
import pino from 'pino';
const assets = loadAssets('dist', pino({ level: 'silent' }));
for (const locale of ['en', 'nl'] as const) {
  const { messages } = pageMessages(locale, assets.messages);
  const intl = sharedIntl(locale, messages);
  const N = 100000;
  const run = (label: string, f: (i: number) => unknown) => {
    for (let i = 0; i < 5000; i++) f(i);
    const c0 = process.cpuUsage();
    for (let i = 0; i < N; i++) f(i);
    const c = process.cpuUsage(c0);
    console.log(locale, label, (((c.user + c.system) / N) * 1000).toFixed(0), 'ns');
  };
  run('Like {name}', (i) => intl.formatMessage({ id: 'likes.button.label', defaultMessage: 'Like {name}' }, { name: `Name ${i & 15}` }));
  run('members.title (no values)', () => intl.formatMessage({ id: 'members.title', defaultMessage: 'Members' }));
}
