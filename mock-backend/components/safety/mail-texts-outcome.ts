import type { Locale } from '../../../src/shared/locales';
import { fill, render, type RenderedMail } from './mail-render';

/**
 * What a reporter or a notifier learns of a decision in every interface locale: action taken, or no violation found
 * — never what was done to whom. `{site}` and `{reference}` are filled in.
 */
interface OutcomeTexts {
  outcome_subject: string;
  outcome_action: string;
  outcome_none: string;
}

const OUTCOME_TEXTS: Record<Locale, OutcomeTexts> = {
  en: {
    outcome_subject: 'The outcome of your report {reference}',
    outcome_action: 'We reviewed your report {reference} and took action.',
    outcome_none: 'We reviewed your report {reference} and found no violation of our terms.',
  },
  nl: {
    outcome_subject: 'De uitkomst van je melding {reference}',
    outcome_action: 'We hebben je melding {reference} bekeken en maatregelen genomen.',
    outcome_none: 'We hebben je melding {reference} bekeken en geen overtreding van onze voorwaarden gevonden.',
  },
  de: {
    outcome_subject: 'Das Ergebnis deiner Meldung {reference}',
    outcome_action: 'Wir haben deine Meldung {reference} geprüft und Maßnahmen ergriffen.',
    outcome_none: 'Wir haben deine Meldung {reference} geprüft und keinen Verstoß gegen unsere Bedingungen festgestellt.',
  },
  it: {
    outcome_subject: 'L’esito della tua segnalazione {reference}',
    outcome_action: 'Abbiamo esaminato la tua segnalazione {reference} e preso provvedimenti.',
    outcome_none: 'Abbiamo esaminato la tua segnalazione {reference} e non abbiamo trovato violazioni dei nostri termini.',
  },
  fr: {
    outcome_subject: 'Le résultat de ton signalement {reference}',
    outcome_action: 'Nous avons examiné ton signalement {reference} et pris des mesures.',
    outcome_none: 'Nous avons examiné ton signalement {reference} et n’avons constaté aucune violation de nos conditions.',
  },
  es: {
    outcome_subject: 'El resultado de tu denuncia {reference}',
    outcome_action: 'Hemos revisado tu denuncia {reference} y hemos tomado medidas.',
    outcome_none: 'Hemos revisado tu denuncia {reference} y no hemos encontrado ninguna infracción de nuestras condiciones.',
  },
  pl: {
    outcome_subject: 'Wynik twojego zgłoszenia {reference}',
    outcome_action: 'Rozpatrzyliśmy twoje zgłoszenie {reference} i podjęliśmy działania.',
    outcome_none: 'Rozpatrzyliśmy twoje zgłoszenie {reference} i nie stwierdziliśmy naruszenia naszego regulaminu.',
  },
  da: {
    outcome_subject: 'Resultatet af din anmeldelse {reference}',
    outcome_action: 'Vi har gennemgået din anmeldelse {reference} og grebet ind.',
    outcome_none: 'Vi har gennemgået din anmeldelse {reference} og fandt ingen overtrædelse af vores vilkår.',
  },
  fi: {
    outcome_subject: 'Ilmoituksesi {reference} lopputulos',
    outcome_action: 'Käsittelimme ilmoituksesi {reference} ja ryhdyimme toimiin.',
    outcome_none: 'Käsittelimme ilmoituksesi {reference} emmekä havainneet ehtojemme rikkomista.',
  },
  nb: {
    outcome_subject: 'Utfallet av rapporten din {reference}',
    outcome_action: 'Vi har gått gjennom rapporten din {reference} og grepet inn.',
    outcome_none: 'Vi har gått gjennom rapporten din {reference} og fant ikke noe brudd på vilkårene våre.',
  },
  sv: {
    outcome_subject: 'Utfallet av din anmälan {reference}',
    outcome_action: 'Vi har granskat din anmälan {reference} och vidtagit åtgärder.',
    outcome_none: 'Vi har granskat din anmälan {reference} och fann inget brott mot våra villkor.',
  },
};

/** What a reporter learns: action taken, or no violation found. */
export function renderOutcome(locale: Locale, vars: { site: string; reference: string; actionTaken: boolean }): RenderedMail {
  const t = OUTCOME_TEXTS[locale];
  const v = { site: vars.site, reference: vars.reference };
  return render(locale, fill(t.outcome_subject, v), [fill(vars.actionTaken ? t.outcome_action : t.outcome_none, v), vars.site]);
}
