import type { Locale } from '../../../src/shared/locales';
import { fill, render, type RenderedMail } from './mail-render';

/** The receipts of a report and of a notice in every interface locale; `{site}` and `{reference}` are filled in. */
interface ReceiptTexts {
  receipt_subject: string;
  receipt: string;
  notice_subject: string;
  notice: string;
}

const RECEIPT_TEXTS: Record<Locale, ReceiptTexts> = {
  en: {
    receipt_subject: 'We received your report {reference}',
    receipt: 'Thank you. We received your report {reference} on {site} and will review it. We will tell you the outcome.',
    notice_subject: 'We received your notice {reference}',
    notice: 'We received your notice {reference} about content on {site}. We will review it and tell you the outcome.',
  },
  nl: {
    receipt_subject: 'We hebben je melding {reference} ontvangen',
    receipt: 'Bedankt. We hebben je melding {reference} op {site} ontvangen en bekijken haar. We laten je de uitkomst weten.',
    notice_subject: 'We hebben je melding {reference} ontvangen',
    notice: 'We hebben je melding {reference} over inhoud op {site} ontvangen. We bekijken haar en laten je de uitkomst weten.',
  },
  de: {
    receipt_subject: 'Wir haben deine Meldung {reference} erhalten',
    receipt: 'Danke. Wir haben deine Meldung {reference} auf {site} erhalten und prüfen sie. Wir teilen dir das Ergebnis mit.',
    notice_subject: 'Wir haben deine Meldung {reference} erhalten',
    notice: 'Wir haben deine Meldung {reference} zu Inhalten auf {site} erhalten. Wir prüfen sie und teilen dir das Ergebnis mit.',
  },
  it: {
    receipt_subject: 'Abbiamo ricevuto la tua segnalazione {reference}',
    receipt: 'Grazie. Abbiamo ricevuto la tua segnalazione {reference} su {site} e la esamineremo. Ti comunicheremo l’esito.',
    notice_subject: 'Abbiamo ricevuto la tua segnalazione {reference}',
    notice: 'Abbiamo ricevuto la tua segnalazione {reference} su contenuti di {site}. La esamineremo e ti comunicheremo l’esito.',
  },
  fr: {
    receipt_subject: 'Nous avons reçu ton signalement {reference}',
    receipt: 'Merci. Nous avons reçu ton signalement {reference} sur {site} et allons l’examiner. Nous te dirons ce qu’il en résulte.',
    notice_subject: 'Nous avons reçu ton signalement {reference}',
    notice:
      'Nous avons reçu ton signalement {reference} concernant un contenu de {site}. Nous allons l’examiner et te dirons ce qu’il en résulte.',
  },
  es: {
    receipt_subject: 'Hemos recibido tu denuncia {reference}',
    receipt: 'Gracias. Hemos recibido tu denuncia {reference} en {site} y la revisaremos. Te diremos el resultado.',
    notice_subject: 'Hemos recibido tu aviso {reference}',
    notice: 'Hemos recibido tu aviso {reference} sobre contenido de {site}. Lo revisaremos y te diremos el resultado.',
  },
  pl: {
    receipt_subject: 'Otrzymaliśmy twoje zgłoszenie {reference}',
    receipt: 'Dziękujemy. Otrzymaliśmy twoje zgłoszenie {reference} w serwisie {site} i je rozpatrzymy. Poinformujemy cię o wyniku.',
    notice_subject: 'Otrzymaliśmy twoje zawiadomienie {reference}',
    notice: 'Otrzymaliśmy twoje zawiadomienie {reference} o treści w serwisie {site}. Rozpatrzymy je i poinformujemy cię o wyniku.',
  },
  da: {
    receipt_subject: 'Vi har modtaget din anmeldelse {reference}',
    receipt: 'Tak. Vi har modtaget din anmeldelse {reference} på {site} og gennemgår den. Vi fortæller dig resultatet.',
    notice_subject: 'Vi har modtaget din anmeldelse {reference}',
    notice: 'Vi har modtaget din anmeldelse {reference} af indhold på {site}. Vi gennemgår den og fortæller dig resultatet.',
  },
  fi: {
    receipt_subject: 'Saimme ilmoituksesi {reference}',
    receipt: 'Kiitos. Saimme ilmoituksesi {reference} palvelussa {site} ja käsittelemme sen. Kerromme sinulle lopputuloksen.',
    notice_subject: 'Saimme ilmoituksesi {reference}',
    notice: 'Saimme ilmoituksesi {reference} palvelun {site} sisällöstä. Käsittelemme sen ja kerromme sinulle lopputuloksen.',
  },
  nb: {
    receipt_subject: 'Vi har mottatt rapporten din {reference}',
    receipt: 'Takk. Vi har mottatt rapporten din {reference} på {site} og går gjennom den. Vi forteller deg utfallet.',
    notice_subject: 'Vi har mottatt varselet ditt {reference}',
    notice: 'Vi har mottatt varselet ditt {reference} om innhold på {site}. Vi går gjennom det og forteller deg utfallet.',
  },
  sv: {
    receipt_subject: 'Vi har tagit emot din anmälan {reference}',
    receipt: 'Tack. Vi har tagit emot din anmälan {reference} på {site} och granskar den. Vi berättar utfallet för dig.',
    notice_subject: 'Vi har tagit emot din anmälan {reference}',
    notice: 'Vi har tagit emot din anmälan {reference} om innehåll på {site}. Vi granskar den och berättar utfallet för dig.',
  },
};

/** The receipt a reporter (`report`) or a notifier (`notice`) gets. */
export function renderReceipt(kind: 'report' | 'notice', locale: Locale, vars: { site: string; reference: string }): RenderedMail {
  const t = RECEIPT_TEXTS[locale];
  const v = { site: vars.site, reference: vars.reference };
  return kind === 'report'
    ? render(locale, fill(t.receipt_subject, v), [fill(t.receipt, v), vars.site])
    : render(locale, fill(t.notice_subject, v), [fill(t.notice, v), vars.site]);
}
