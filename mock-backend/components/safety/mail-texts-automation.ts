import type { Locale } from '../../../src/shared/locales';
import { fill, render, type RenderedMail } from './mail-render';

/**
 * Texts of the careful automation and the data export in every interface locale: the automated hiding of a profile
 * (its statement of reasons), the warning to a reporter whose reports keep being unfounded, and the mail with the
 * link to a member's data archive. `{site}` and `{hours}` are filled in.
 */
export interface AutomationTexts {
  hide: string;
  automated: string;
  reporter_warning_subject: string;
  reporter_warning: string;
  export_subject: string;
  export_ready: string;
  export_link: string;
}

export const AUTOMATION_TEXTS: Record<Locale, AutomationTexts> = {
  en: {
    hide: 'Your profile is hidden from search until a moderator has reviewed the reports about it.',
    automated:
      'This measure was taken by automated means: several trusted members reported your profile as fake, a scam or spam. A moderator reviews it.',
    reporter_warning_subject: 'About your reports on {site}',
    reporter_warning:
      'Several of your recent reports were reviewed and no violation of our terms was found. Please report only what you believe breaks our terms. If this goes on, your reports will be reviewed after those of other members.',
    export_subject: 'Your data from {site} is ready',
    export_ready:
      'The archive of your data is ready. The link works for {hours} hours, and only while you are logged in to your own account.',
    export_link: 'Download your data',
  },
  nl: {
    hide: 'Je profiel is verborgen in het zoeken tot een moderator de meldingen erover heeft beoordeeld.',
    automated:
      'Deze maatregel is met geautomatiseerde middelen genomen: meerdere betrouwbare leden hebben je profiel gemeld als nep, oplichting of spam. Een moderator beoordeelt het.',
    reporter_warning_subject: 'Over je meldingen op {site}',
    reporter_warning:
      'Meerdere van je recente meldingen zijn beoordeeld en er is geen overtreding van onze voorwaarden gevonden. Meld alleen wat volgens jou onze voorwaarden schendt. Gaat dit door, dan worden je meldingen na die van andere leden beoordeeld.',
    export_subject: 'Je gegevens van {site} staan klaar',
    export_ready:
      'Het archief met je gegevens staat klaar. De link werkt {hours} uur, en alleen terwijl je bent ingelogd op je eigen account.',
    export_link: 'Je gegevens downloaden',
  },
  de: {
    hide: 'Dein Profil ist in der Suche verborgen, bis ein Moderator die Meldungen dazu geprüft hat.',
    automated:
      'Diese Maßnahme wurde automatisiert getroffen: Mehrere vertrauenswürdige Mitglieder haben dein Profil als Fake, Betrug oder Spam gemeldet. Ein Moderator prüft sie.',
    reporter_warning_subject: 'Zu deinen Meldungen auf {site}',
    reporter_warning:
      'Mehrere deiner letzten Meldungen wurden geprüft, und es wurde kein Verstoß gegen unsere Bedingungen festgestellt. Bitte melde nur, was deiner Ansicht nach gegen unsere Bedingungen verstößt. Geht das so weiter, werden deine Meldungen nach denen anderer Mitglieder geprüft.',
    export_subject: 'Deine Daten von {site} sind bereit',
    export_ready:
      'Das Archiv mit deinen Daten ist bereit. Der Link funktioniert {hours} Stunden lang und nur, solange du in deinem eigenen Konto angemeldet bist.',
    export_link: 'Deine Daten herunterladen',
  },
  it: {
    hide: 'Il tuo profilo è nascosto nella ricerca finché un moderatore non avrà esaminato le segnalazioni che lo riguardano.',
    automated:
      'Questa misura è stata presa con mezzi automatizzati: diversi membri affidabili hanno segnalato il tuo profilo come falso, truffa o spam. Un moderatore la esamina.',
    reporter_warning_subject: 'Sulle tue segnalazioni su {site}',
    reporter_warning:
      'Diverse tue segnalazioni recenti sono state esaminate e non è stata riscontrata alcuna violazione delle nostre condizioni. Segnala solo ciò che ritieni violi le nostre condizioni. Se continua, le tue segnalazioni saranno esaminate dopo quelle degli altri membri.',
    export_subject: 'I tuoi dati di {site} sono pronti',
    export_ready:
      'L’archivio dei tuoi dati è pronto. Il link funziona per {hours} ore e solo mentre hai effettuato l’accesso al tuo account.',
    export_link: 'Scarica i tuoi dati',
  },
  fr: {
    hide: 'Ton profil est masqué dans la recherche jusqu’à ce qu’un modérateur ait examiné les signalements le concernant.',
    automated:
      'Cette mesure a été prise par des moyens automatisés : plusieurs membres de confiance ont signalé ton profil comme faux, arnaque ou spam. Un modérateur l’examine.',
    reporter_warning_subject: 'À propos de tes signalements sur {site}',
    reporter_warning:
      'Plusieurs de tes signalements récents ont été examinés et aucune violation de nos conditions n’a été constatée. Ne signale que ce qui, selon toi, enfreint nos conditions. Si cela continue, tes signalements seront examinés après ceux des autres membres.',
    export_subject: 'Tes données de {site} sont prêtes',
    export_ready:
      'L’archive de tes données est prête. Le lien fonctionne pendant {hours} heures, et seulement lorsque tu es connecté à ton propre compte.',
    export_link: 'Télécharger tes données',
  },
  es: {
    hide: 'Tu perfil está oculto en las búsquedas hasta que un moderador haya revisado las denuncias sobre él.',
    automated:
      'Esta medida se tomó por medios automatizados: varios miembros de confianza denunciaron tu perfil como falso, estafa o spam. Un moderador la revisa.',
    reporter_warning_subject: 'Sobre tus denuncias en {site}',
    reporter_warning:
      'Varias de tus denuncias recientes se revisaron y no se encontró ninguna infracción de nuestras condiciones. Denuncia solo lo que creas que infringe nuestras condiciones. Si esto continúa, tus denuncias se revisarán después de las de otros miembros.',
    export_subject: 'Tus datos de {site} están listos',
    export_ready:
      'El archivo con tus datos está listo. El enlace funciona durante {hours} horas y solo mientras hayas iniciado sesión en tu propia cuenta.',
    export_link: 'Descargar tus datos',
  },
  pl: {
    hide: 'Twój profil jest ukryty w wyszukiwaniu, dopóki moderator nie rozpatrzy dotyczących go zgłoszeń.',
    automated:
      'Ten środek zastosowano w sposób zautomatyzowany: kilku zaufanych członków zgłosiło twój profil jako fałszywy, oszustwo lub spam. Moderator go rozpatruje.',
    reporter_warning_subject: 'W sprawie twoich zgłoszeń w {site}',
    reporter_warning:
      'Kilka twoich ostatnich zgłoszeń zostało rozpatrzonych i nie stwierdzono naruszenia naszego regulaminu. Zgłaszaj tylko to, co twoim zdaniem narusza regulamin. Jeśli tak dalej pójdzie, twoje zgłoszenia będą rozpatrywane po zgłoszeniach innych członków.',
    export_subject: 'Twoje dane z {site} są gotowe',
    export_ready:
      'Archiwum twoich danych jest gotowe. Link działa przez {hours} godzin(y) i tylko wtedy, gdy jesteś zalogowany na własne konto.',
    export_link: 'Pobierz swoje dane',
  },
  da: {
    hide: 'Din profil er skjult i søgningen, indtil en moderator har gennemgået anmeldelserne af den.',
    automated:
      'Denne foranstaltning blev truffet automatisk: flere betroede medlemmer anmeldte din profil som falsk, svindel eller spam. En moderator gennemgår den.',
    reporter_warning_subject: 'Om dine anmeldelser på {site}',
    reporter_warning:
      'Flere af dine seneste anmeldelser er gennemgået, og der blev ikke fundet nogen overtrædelse af vores vilkår. Anmeld kun det, du mener overtræder vores vilkår. Fortsætter det, bliver dine anmeldelser gennemgået efter andre medlemmers.',
    export_subject: 'Dine data fra {site} er klar',
    export_ready: 'Arkivet med dine data er klar. Linket virker i {hours} timer og kun, mens du er logget ind på din egen konto.',
    export_link: 'Download dine data',
  },
  fi: {
    hide: 'Profiilisi on piilotettu hausta, kunnes moderaattori on käsitellyt siitä tehdyt ilmoitukset.',
    automated:
      'Tämä toimenpide tehtiin automaattisesti: useampi luotettu jäsen ilmoitti profiilisi valeprofiiliksi, huijaukseksi tai roskapostiksi. Moderaattori käsittelee sen.',
    reporter_warning_subject: 'Ilmoituksistasi palvelussa {site}',
    reporter_warning:
      'Useita viimeaikaisia ilmoituksiasi on käsitelty, eikä ehtojemme rikkomista löytynyt. Ilmoita vain siitä, minkä uskot rikkovan ehtojamme. Jos tämä jatkuu, ilmoituksesi käsitellään muiden jäsenten ilmoitusten jälkeen.',
    export_subject: 'Tietosi palvelusta {site} ovat valmiina',
    export_ready: 'Tietojesi arkisto on valmis. Linkki toimii {hours} tuntia ja vain, kun olet kirjautunut omalle tilillesi.',
    export_link: 'Lataa tietosi',
  },
  nb: {
    hide: 'Profilen din er skjult i søket til en moderator har gått gjennom rapportene om den.',
    automated:
      'Dette tiltaket ble truffet automatisk: flere pålitelige medlemmer rapporterte profilen din som falsk, svindel eller spam. En moderator går gjennom det.',
    reporter_warning_subject: 'Om rapportene dine på {site}',
    reporter_warning:
      'Flere av de siste rapportene dine er gått gjennom, og vi fant ikke brudd på vilkårene våre. Rapporter bare det du mener bryter vilkårene våre. Fortsetter dette, blir rapportene dine behandlet etter andre medlemmers.',
    export_subject: 'Dataene dine fra {site} er klare',
    export_ready: 'Arkivet med dataene dine er klart. Lenken virker i {hours} timer, og bare mens du er logget inn på din egen konto.',
    export_link: 'Last ned dataene dine',
  },
  sv: {
    hide: 'Din profil är dold i sökningen tills en moderator har granskat anmälningarna om den.',
    automated:
      'Den här åtgärden vidtogs automatiskt: flera betrodda medlemmar anmälde din profil som falsk, bedrägeri eller spam. En moderator granskar den.',
    reporter_warning_subject: 'Om dina anmälningar på {site}',
    reporter_warning:
      'Flera av dina senaste anmälningar har granskats och inget brott mot våra villkor hittades. Anmäl bara det du anser bryter mot våra villkor. Om det fortsätter granskas dina anmälningar efter andra medlemmars.',
    export_subject: 'Dina uppgifter från {site} är klara',
    export_ready: 'Arkivet med dina uppgifter är klart. Länken fungerar i {hours} timmar och bara när du är inloggad på ditt eget konto.',
    export_link: 'Ladda ner dina uppgifter',
  },
};

/** To a reporter whose reports keep being found no violation: the warning before his reports wait behind others. */
export function renderReporterWarning(locale: Locale, vars: { site: string }): RenderedMail {
  const a = AUTOMATION_TEXTS[locale];
  return render(locale, fill(a.reporter_warning_subject, vars), [a.reporter_warning, vars.site]);
}

/** The link to a member's data archive. */
export function renderExportReady(locale: Locale, vars: { site: string; hours: number; link: string }): RenderedMail {
  const a = AUTOMATION_TEXTS[locale];
  return render(locale, fill(a.export_subject, { site: vars.site }), [fill(a.export_ready, { hours: String(vars.hours) }), vars.site], {
    label: a.export_link,
    href: vars.link,
  });
}
