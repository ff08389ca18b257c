import type { Locale } from '../../../src/shared/locales';
import { fill, render, type RenderedMail } from './mail-render';

/** The decision on an appeal in every interface locale, to whoever appealed; `{site}` is filled in. */
interface AppealTexts {
  appeal_subject: string;
  appeal_upheld: string;
  appeal_reversed: string;
}

const APPEAL_TEXTS: Record<Locale, AppealTexts> = {
  en: {
    appeal_subject: 'The outcome of your appeal on {site}',
    appeal_upheld: 'We reviewed your appeal. The decision stands.',
    appeal_reversed: 'We reviewed your appeal and reversed the decision.',
  },
  nl: {
    appeal_subject: 'De uitkomst van je bezwaar op {site}',
    appeal_upheld: 'We hebben je bezwaar bekeken. Het besluit blijft staan.',
    appeal_reversed: 'We hebben je bezwaar bekeken en het besluit teruggedraaid.',
  },
  de: {
    appeal_subject: 'Das Ergebnis deines Einspruchs auf {site}',
    appeal_upheld: 'Wir haben deinen Einspruch geprüft. Die Entscheidung bleibt bestehen.',
    appeal_reversed: 'Wir haben deinen Einspruch geprüft und die Entscheidung aufgehoben.',
  },
  it: {
    appeal_subject: 'L’esito del tuo ricorso su {site}',
    appeal_upheld: 'Abbiamo esaminato il tuo ricorso. La decisione resta valida.',
    appeal_reversed: 'Abbiamo esaminato il tuo ricorso e annullato la decisione.',
  },
  fr: {
    appeal_subject: 'Le résultat de ton appel sur {site}',
    appeal_upheld: 'Nous avons examiné ton appel. La décision est maintenue.',
    appeal_reversed: 'Nous avons examiné ton appel et annulé la décision.',
  },
  es: {
    appeal_subject: 'El resultado de tu recurso en {site}',
    appeal_upheld: 'Hemos revisado tu recurso. La decisión se mantiene.',
    appeal_reversed: 'Hemos revisado tu recurso y hemos anulado la decisión.',
  },
  pl: {
    appeal_subject: 'Wynik twojego odwołania w serwisie {site}',
    appeal_upheld: 'Rozpatrzyliśmy twoje odwołanie. Decyzja zostaje utrzymana.',
    appeal_reversed: 'Rozpatrzyliśmy twoje odwołanie i uchyliliśmy decyzję.',
  },
  da: {
    appeal_subject: 'Resultatet af din klage på {site}',
    appeal_upheld: 'Vi har gennemgået din klage. Afgørelsen står ved magt.',
    appeal_reversed: 'Vi har gennemgået din klage og omgjort afgørelsen.',
  },
  fi: {
    appeal_subject: 'Muutoksenhakusi lopputulos palvelussa {site}',
    appeal_upheld: 'Käsittelimme muutoksenhakusi. Päätös pysyy voimassa.',
    appeal_reversed: 'Käsittelimme muutoksenhakusi ja kumosimme päätöksen.',
  },
  nb: {
    appeal_subject: 'Utfallet av klagen din på {site}',
    appeal_upheld: 'Vi har gått gjennom klagen din. Avgjørelsen står ved lag.',
    appeal_reversed: 'Vi har gått gjennom klagen din og omgjort avgjørelsen.',
  },
  sv: {
    appeal_subject: 'Utfallet av din överklagan på {site}',
    appeal_upheld: 'Vi har granskat din överklagan. Beslutet står fast.',
    appeal_reversed: 'Vi har granskat din överklagan och upphävt beslutet.',
  },
};

/** The decision on an appeal, to whoever appealed. */
export function renderAppealOutcome(locale: Locale, vars: { site: string; reversed: boolean; explanation: string }): RenderedMail {
  const t = APPEAL_TEXTS[locale];
  return render(locale, fill(t.appeal_subject, { site: vars.site }), [
    vars.reversed ? t.appeal_reversed : t.appeal_upheld,
    vars.explanation,
    vars.site,
  ]);
}
