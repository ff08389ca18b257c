import type { Locale } from '../../../src/shared/locales';
import { fill, render, type RenderedMail } from './mail-render';
import { AUTOMATION_TEXTS } from './mail-texts-automation';

export type Rule = 'fake_scam_spam' | 'harassment_hate' | 'unwanted_sexual' | 'underage' | 'illegal' | 'other';
export type StatementAction = 'remove_content' | 'warn' | 'restrict' | 'suspend' | 'ban' | 'hide';
export type ContentKind = 'photo' | 'message' | 'profile_text';

/**
 * The statement of reasons in every interface locale: what was done, until when, the facts, the rule, what it
 * followed, whether a person decided, and the ways to contest it. `{site}`, `{until}` and `{content}` are filled in.
 */
interface StatementTexts {
  statement_subject: string;
  actions: Record<Exclude<StatementAction, 'hide'>, string>;
  until: string;
  /** A ban's duration, instead of an end date. */
  permanent: string;
  /** Which content a removal took: `{content}` is one of `contents`. */
  content: string;
  contents: Record<ContentKind, string>;
  facts: string;
  rule: string;
  rules: Record<Rule, string>;
  source_report: string;
  source_notice: string;
  source_own: string;
  not_automated: string;
  redress: string;
  read: string;
}

const STATEMENT_TEXTS: Record<Locale, StatementTexts> = {
  en: {
    statement_subject: 'A decision about your account on {site}',
    actions: {
      remove_content: 'We removed content of yours.',
      warn: 'We are warning you.',
      restrict: 'We restricted your account: it is hidden from search and cannot start new conversations.',
      suspend: 'We suspended your account.',
      ban: 'We closed your account for good.',
    },
    until: 'Until: {until}',
    permanent: 'Duration: permanent, without end.',
    content: 'Content removed: {content}',
    contents: { photo: 'a photo', message: 'a message', profile_text: 'your profile text' },
    facts: 'Facts and circumstances',
    rule: 'Rule of our terms',
    rules: {
      fake_scam_spam: 'No fake profiles, scams or spam',
      harassment_hate: 'No harassment or hate',
      unwanted_sexual: 'No unwanted sexual content',
      underage: 'Members are at least 18',
      illegal: 'No illegal content',
      other: 'Our other terms of use',
    },
    source_report: 'This decision follows a report by another person.',
    source_notice: 'This decision follows a notice of illegal content.',
    source_own: 'We took this decision on our own initiative.',
    not_automated: 'A person took this decision; no automated means were used.',
    redress:
      'You can appeal within six months; a moderator who did not take this decision reviews it. You may also turn to a certified out-of-court dispute settlement body or to a court.',
    read: 'Read the decision and appeal',
  },
  nl: {
    statement_subject: 'Een besluit over je account op {site}',
    actions: {
      remove_content: 'We hebben inhoud van je verwijderd.',
      warn: 'We geven je een waarschuwing.',
      restrict: 'We hebben je account beperkt: het is verborgen in het zoeken en kan geen nieuwe gesprekken beginnen.',
      suspend: 'We hebben je account geschorst.',
      ban: 'We hebben je account definitief gesloten.',
    },
    until: 'Tot: {until}',
    permanent: 'Duur: definitief, zonder einddatum.',
    content: 'Verwijderde inhoud: {content}',
    contents: { photo: 'een foto', message: 'een bericht', profile_text: 'je profieltekst' },
    facts: 'Feiten en omstandigheden',
    rule: 'Regel uit onze voorwaarden',
    rules: {
      fake_scam_spam: 'Geen nepprofielen, oplichting of spam',
      harassment_hate: 'Geen intimidatie of haat',
      unwanted_sexual: 'Geen ongewenste seksuele inhoud',
      underage: 'Leden zijn minstens 18',
      illegal: 'Geen onwettige inhoud',
      other: 'Onze overige gebruiksvoorwaarden',
    },
    source_report: 'Dit besluit volgt op een melding van iemand anders.',
    source_notice: 'Dit besluit volgt op een melding van onwettige inhoud.',
    source_own: 'We hebben dit besluit op eigen initiatief genomen.',
    not_automated: 'Een mens heeft dit besluit genomen; er zijn geen geautomatiseerde middelen gebruikt.',
    redress:
      'Je kunt binnen zes maanden bezwaar maken; een moderator die dit besluit niet nam, beoordeelt het. Je kunt je ook wenden tot een erkende instantie voor buitengerechtelijke geschillenbeslechting of tot de rechter.',
    read: 'Besluit lezen en bezwaar maken',
  },
  de: {
    statement_subject: 'Eine Entscheidung zu deinem Konto auf {site}',
    actions: {
      remove_content: 'Wir haben Inhalte von dir entfernt.',
      warn: 'Wir verwarnen dich.',
      restrict: 'Wir haben dein Konto eingeschränkt: Es ist in der Suche verborgen und kann keine neuen Unterhaltungen beginnen.',
      suspend: 'Wir haben dein Konto gesperrt.',
      ban: 'Wir haben dein Konto endgültig geschlossen.',
    },
    until: 'Bis: {until}',
    permanent: 'Dauer: dauerhaft, ohne Ende.',
    content: 'Entfernter Inhalt: {content}',
    contents: { photo: 'ein Foto', message: 'eine Nachricht', profile_text: 'dein Profiltext' },
    facts: 'Tatsachen und Umstände',
    rule: 'Regel unserer Nutzungsbedingungen',
    rules: {
      fake_scam_spam: 'Keine Fake-Profile, kein Betrug, kein Spam',
      harassment_hate: 'Keine Belästigung und kein Hass',
      unwanted_sexual: 'Keine unerwünschten sexuellen Inhalte',
      underage: 'Mitglieder sind mindestens 18',
      illegal: 'Keine rechtswidrigen Inhalte',
      other: 'Unsere übrigen Nutzungsbedingungen',
    },
    source_report: 'Diese Entscheidung folgt auf die Meldung einer anderen Person.',
    source_notice: 'Diese Entscheidung folgt auf eine Meldung rechtswidriger Inhalte.',
    source_own: 'Wir haben diese Entscheidung aus eigener Initiative getroffen.',
    not_automated: 'Ein Mensch hat diese Entscheidung getroffen; es wurden keine automatisierten Mittel eingesetzt.',
    redress:
      'Du kannst innerhalb von sechs Monaten Einspruch erheben; ein Moderator, der diese Entscheidung nicht getroffen hat, prüft ihn. Du kannst dich auch an eine zertifizierte außergerichtliche Streitbeilegungsstelle oder an ein Gericht wenden.',
    read: 'Entscheidung lesen und Einspruch erheben',
  },
  it: {
    statement_subject: 'Una decisione sul tuo account su {site}',
    actions: {
      remove_content: 'Abbiamo rimosso un tuo contenuto.',
      warn: 'Ti diamo un avvertimento.',
      restrict: 'Abbiamo limitato il tuo account: è nascosto nella ricerca e non può iniziare nuove conversazioni.',
      suspend: 'Abbiamo sospeso il tuo account.',
      ban: 'Abbiamo chiuso definitivamente il tuo account.',
    },
    until: 'Fino a: {until}',
    permanent: 'Durata: permanente, senza scadenza.',
    content: 'Contenuto rimosso: {content}',
    contents: { photo: 'una foto', message: 'un messaggio', profile_text: 'il testo del tuo profilo' },
    facts: 'Fatti e circostanze',
    rule: 'Regola dei nostri termini',
    rules: {
      fake_scam_spam: 'Niente profili falsi, truffe o spam',
      harassment_hate: 'Niente molestie né odio',
      unwanted_sexual: 'Niente contenuti sessuali indesiderati',
      underage: 'I membri hanno almeno 18 anni',
      illegal: 'Niente contenuti illegali',
      other: 'Gli altri nostri termini d’uso',
    },
    source_report: 'Questa decisione segue la segnalazione di un’altra persona.',
    source_notice: 'Questa decisione segue una segnalazione di contenuti illegali.',
    source_own: 'Abbiamo preso questa decisione di nostra iniziativa.',
    not_automated: 'Questa decisione è stata presa da una persona; non sono stati usati mezzi automatizzati.',
    redress:
      'Puoi presentare ricorso entro sei mesi; lo esamina un moderatore che non ha preso questa decisione. Puoi anche rivolgerti a un organismo certificato di risoluzione extragiudiziale delle controversie o a un tribunale.',
    read: 'Leggi la decisione e presenta ricorso',
  },
  fr: {
    statement_subject: 'Une décision concernant ton compte sur {site}',
    actions: {
      remove_content: 'Nous avons retiré un de tes contenus.',
      warn: 'Nous t’adressons un avertissement.',
      restrict: 'Nous avons restreint ton compte : il est masqué dans la recherche et ne peut pas commencer de nouvelles conversations.',
      suspend: 'Nous avons suspendu ton compte.',
      ban: 'Nous avons fermé ton compte définitivement.',
    },
    until: 'Jusqu’au : {until}',
    permanent: 'Durée : définitive, sans fin.',
    content: 'Contenu retiré : {content}',
    contents: { photo: 'une photo', message: 'un message', profile_text: 'le texte de ton profil' },
    facts: 'Faits et circonstances',
    rule: 'Règle de nos conditions',
    rules: {
      fake_scam_spam: 'Pas de faux profils, d’escroqueries ni de spam',
      harassment_hate: 'Pas de harcèlement ni de haine',
      unwanted_sexual: 'Pas de contenu sexuel non désiré',
      underage: 'Les membres ont au moins 18 ans',
      illegal: 'Pas de contenu illégal',
      other: 'Nos autres conditions d’utilisation',
    },
    source_report: 'Cette décision fait suite au signalement d’une autre personne.',
    source_notice: 'Cette décision fait suite à un signalement de contenu illégal.',
    source_own: 'Nous avons pris cette décision de notre propre initiative.',
    not_automated: 'Une personne a pris cette décision ; aucun moyen automatisé n’a été utilisé.',
    redress:
      'Tu peux faire appel dans les six mois ; un modérateur qui n’a pas pris cette décision l’examine. Tu peux aussi t’adresser à un organisme certifié de règlement extrajudiciaire des litiges ou à un tribunal.',
    read: 'Lire la décision et faire appel',
  },
  es: {
    statement_subject: 'Una decisión sobre tu cuenta en {site}',
    actions: {
      remove_content: 'Hemos retirado contenido tuyo.',
      warn: 'Te damos una advertencia.',
      restrict: 'Hemos restringido tu cuenta: está oculta en las búsquedas y no puede iniciar conversaciones nuevas.',
      suspend: 'Hemos suspendido tu cuenta.',
      ban: 'Hemos cerrado tu cuenta definitivamente.',
    },
    until: 'Hasta: {until}',
    permanent: 'Duración: permanente, sin fecha de fin.',
    content: 'Contenido retirado: {content}',
    contents: { photo: 'una foto', message: 'un mensaje', profile_text: 'el texto de tu perfil' },
    facts: 'Hechos y circunstancias',
    rule: 'Norma de nuestras condiciones',
    rules: {
      fake_scam_spam: 'Nada de perfiles falsos, estafas ni spam',
      harassment_hate: 'Nada de acoso ni odio',
      unwanted_sexual: 'Nada de contenido sexual no deseado',
      underage: 'Los miembros tienen al menos 18 años',
      illegal: 'Nada de contenido ilegal',
      other: 'Nuestras demás condiciones de uso',
    },
    source_report: 'Esta decisión sigue a la denuncia de otra persona.',
    source_notice: 'Esta decisión sigue a un aviso de contenido ilegal.',
    source_own: 'Hemos tomado esta decisión por iniciativa propia.',
    not_automated: 'Una persona tomó esta decisión; no se usaron medios automatizados.',
    redress:
      'Puedes recurrir en un plazo de seis meses; lo revisa un moderador que no tomó esta decisión. También puedes acudir a un órgano certificado de resolución extrajudicial de litigios o a un tribunal.',
    read: 'Leer la decisión y recurrir',
  },
  pl: {
    statement_subject: 'Decyzja dotycząca twojego konta w serwisie {site}',
    actions: {
      remove_content: 'Usunęliśmy twoją treść.',
      warn: 'Udzielamy ci ostrzeżenia.',
      restrict: 'Ograniczyliśmy twoje konto: jest ukryte w wyszukiwaniu i nie może zaczynać nowych rozmów.',
      suspend: 'Zawiesiliśmy twoje konto.',
      ban: 'Zamknęliśmy twoje konto na stałe.',
    },
    until: 'Do: {until}',
    permanent: 'Czas trwania: na stałe, bez daty końcowej.',
    content: 'Usunięta treść: {content}',
    contents: { photo: 'zdjęcie', message: 'wiadomość', profile_text: 'tekst twojego profilu' },
    facts: 'Fakty i okoliczności',
    rule: 'Zasada naszego regulaminu',
    rules: {
      fake_scam_spam: 'Żadnych fałszywych profili, oszustw ani spamu',
      harassment_hate: 'Żadnego nękania ani nienawiści',
      unwanted_sexual: 'Żadnych niechcianych treści seksualnych',
      underage: 'Członkowie mają co najmniej 18 lat',
      illegal: 'Żadnych nielegalnych treści',
      other: 'Pozostałe zasady naszego regulaminu',
    },
    source_report: 'Ta decyzja jest wynikiem zgłoszenia innej osoby.',
    source_notice: 'Ta decyzja jest wynikiem zawiadomienia o nielegalnej treści.',
    source_own: 'Podjęliśmy tę decyzję z własnej inicjatywy.',
    not_automated: 'Tę decyzję podjął człowiek; nie użyto środków zautomatyzowanych.',
    redress:
      'Możesz się odwołać w ciągu sześciu miesięcy; rozpatrzy to moderator, który nie podjął tej decyzji. Możesz też zwrócić się do certyfikowanego organu pozasądowego rozstrzygania sporów lub do sądu.',
    read: 'Przeczytaj decyzję i odwołaj się',
  },
  da: {
    statement_subject: 'En afgørelse om din konto på {site}',
    actions: {
      remove_content: 'Vi har fjernet indhold fra dig.',
      warn: 'Vi giver dig en advarsel.',
      restrict: 'Vi har begrænset din konto: den er skjult i søgningen og kan ikke starte nye samtaler.',
      suspend: 'Vi har suspenderet din konto.',
      ban: 'Vi har lukket din konto permanent.',
    },
    until: 'Indtil: {until}',
    permanent: 'Varighed: permanent, uden slutdato.',
    content: 'Fjernet indhold: {content}',
    contents: { photo: 'et billede', message: 'en besked', profile_text: 'din profiltekst' },
    facts: 'Fakta og omstændigheder',
    rule: 'Regel i vores vilkår',
    rules: {
      fake_scam_spam: 'Ingen falske profiler, svindel eller spam',
      harassment_hate: 'Ingen chikane eller had',
      unwanted_sexual: 'Intet uønsket seksuelt indhold',
      underage: 'Medlemmer er mindst 18 år',
      illegal: 'Intet ulovligt indhold',
      other: 'Vores øvrige brugsvilkår',
    },
    source_report: 'Denne afgørelse følger en anmeldelse fra en anden person.',
    source_notice: 'Denne afgørelse følger en anmeldelse af ulovligt indhold.',
    source_own: 'Vi har truffet denne afgørelse på eget initiativ.',
    not_automated: 'Et menneske har truffet denne afgørelse; der er ikke brugt automatiserede midler.',
    redress:
      'Du kan klage inden for seks måneder; en moderator, der ikke traf denne afgørelse, gennemgår klagen. Du kan også gå til et certificeret organ for udenretslig tvistbilæggelse eller til en domstol.',
    read: 'Læs afgørelsen og klag',
  },
  fi: {
    statement_subject: 'Päätös tilistäsi palvelussa {site}',
    actions: {
      remove_content: 'Poistimme sisältöäsi.',
      warn: 'Annamme sinulle varoituksen.',
      restrict: 'Rajoitimme tiliäsi: se on piilotettu hausta eikä voi aloittaa uusia keskusteluja.',
      suspend: 'Jäädytimme tilisi.',
      ban: 'Suljimme tilisi pysyvästi.',
    },
    until: 'Asti: {until}',
    permanent: 'Kesto: pysyvä, ilman päättymispäivää.',
    content: 'Poistettu sisältö: {content}',
    contents: { photo: 'kuva', message: 'viesti', profile_text: 'profiilitekstisi' },
    facts: 'Tosiseikat ja olosuhteet',
    rule: 'Ehtojemme sääntö',
    rules: {
      fake_scam_spam: 'Ei valeprofiileja, huijauksia eikä roskapostia',
      harassment_hate: 'Ei häirintää eikä vihaa',
      unwanted_sexual: 'Ei ei-toivottua seksuaalista sisältöä',
      underage: 'Jäsenet ovat vähintään 18-vuotiaita',
      illegal: 'Ei laitonta sisältöä',
      other: 'Muut käyttöehtomme',
    },
    source_report: 'Tämä päätös perustuu toisen henkilön ilmoitukseen.',
    source_notice: 'Tämä päätös perustuu ilmoitukseen laittomasta sisällöstä.',
    source_own: 'Teimme tämän päätöksen omasta aloitteestamme.',
    not_automated: 'Päätöksen teki ihminen; automaattisia keinoja ei käytetty.',
    redress:
      'Voit hakea muutosta kuuden kuukauden kuluessa; sen käsittelee moderaattori, joka ei tehnyt tätä päätöstä. Voit myös kääntyä sertifioidun tuomioistuinten ulkopuolisen riidanratkaisuelimen tai tuomioistuimen puoleen.',
    read: 'Lue päätös ja hae muutosta',
  },
  nb: {
    statement_subject: 'En avgjørelse om kontoen din på {site}',
    actions: {
      remove_content: 'Vi har fjernet innhold fra deg.',
      warn: 'Vi gir deg en advarsel.',
      restrict: 'Vi har begrenset kontoen din: den er skjult i søket og kan ikke starte nye samtaler.',
      suspend: 'Vi har suspendert kontoen din.',
      ban: 'Vi har stengt kontoen din for godt.',
    },
    until: 'Til: {until}',
    permanent: 'Varighet: permanent, uten sluttdato.',
    content: 'Fjernet innhold: {content}',
    contents: { photo: 'et bilde', message: 'en melding', profile_text: 'profilteksten din' },
    facts: 'Fakta og omstendigheter',
    rule: 'Regel i vilkårene våre',
    rules: {
      fake_scam_spam: 'Ingen falske profiler, svindel eller spam',
      harassment_hate: 'Ingen trakassering eller hat',
      unwanted_sexual: 'Ikke noe uønsket seksuelt innhold',
      underage: 'Medlemmer er minst 18 år',
      illegal: 'Ikke noe ulovlig innhold',
      other: 'Våre øvrige bruksvilkår',
    },
    source_report: 'Denne avgjørelsen følger en rapport fra en annen person.',
    source_notice: 'Denne avgjørelsen følger et varsel om ulovlig innhold.',
    source_own: 'Vi tok denne avgjørelsen på eget initiativ.',
    not_automated: 'Et menneske tok denne avgjørelsen; ingen automatiserte midler ble brukt.',
    redress:
      'Du kan klage innen seks måneder; en moderator som ikke tok denne avgjørelsen, går gjennom klagen. Du kan også henvende deg til et sertifisert organ for utenrettslig tvisteløsning eller til en domstol.',
    read: 'Les avgjørelsen og klag',
  },
  sv: {
    statement_subject: 'Ett beslut om ditt konto på {site}',
    actions: {
      remove_content: 'Vi har tagit bort innehåll från dig.',
      warn: 'Vi ger dig en varning.',
      restrict: 'Vi har begränsat ditt konto: det är dolt i sökningen och kan inte starta nya konversationer.',
      suspend: 'Vi har stängt av ditt konto.',
      ban: 'Vi har stängt ditt konto permanent.',
    },
    until: 'Till: {until}',
    permanent: 'Varaktighet: permanent, utan slutdatum.',
    content: 'Borttaget innehåll: {content}',
    contents: { photo: 'ett foto', message: 'ett meddelande', profile_text: 'din profiltext' },
    facts: 'Fakta och omständigheter',
    rule: 'Regel i våra villkor',
    rules: {
      fake_scam_spam: 'Inga falska profiler, bedrägerier eller skräppost',
      harassment_hate: 'Inga trakasserier eller hat',
      unwanted_sexual: 'Inget oönskat sexuellt innehåll',
      underage: 'Medlemmar är minst 18 år',
      illegal: 'Inget olagligt innehåll',
      other: 'Våra övriga användarvillkor',
    },
    source_report: 'Det här beslutet följer på en anmälan från en annan person.',
    source_notice: 'Det här beslutet följer på en anmälan om olagligt innehåll.',
    source_own: 'Vi fattade det här beslutet på eget initiativ.',
    not_automated: 'En människa fattade det här beslutet; inga automatiserade medel användes.',
    redress:
      'Du kan överklaga inom sex månader; en moderator som inte fattade beslutet granskar det. Du kan också vända dig till ett certifierat organ för tvistlösning utanför domstol eller till en domstol.',
    read: 'Läs beslutet och överklaga',
  },
};

/**
 * An end date in the member's language (Intl), in UTC and saying so: the site knows no time zone of his. `infinity`
 * (a ban) has no date; the caller says "permanent" instead.
 */
function formatEndDate(locale: Locale, iso: string): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/**
 * The statement of reasons mailed to the member a decision is about: a removal names the content it took, a
 * restriction or suspension its end date in his language, a ban that it is permanent.
 */
export function renderStatement(
  locale: Locale,
  s: {
    site: string;
    action: StatementAction;
    /** ISO end, `infinity` for a ban, null without end date. */
    until: string | null;
    content?: ContentKind | null;
    facts: string;
    rule: Rule;
    source: 'report' | 'notice' | 'own_initiative';
    link: string;
    automated?: boolean;
  },
): RenderedMail {
  const t = STATEMENT_TEXTS[locale];
  const a = AUTOMATION_TEXTS[locale];
  const source = s.source === 'report' ? t.source_report : s.source === 'notice' ? t.source_notice : t.source_own;
  // A hiding lasts until a moderator decides, which its text says; it has no date of its own.
  const duration =
    s.action === 'hide' || !s.until
      ? []
      : s.until === 'infinity' || Number.isNaN(Date.parse(s.until))
        ? [t.permanent]
        : [fill(t.until, { until: formatEndDate(locale, s.until) })];
  return render(
    locale,
    fill(t.statement_subject, { site: s.site }),
    [
      s.action === 'hide' ? a.hide : t.actions[s.action],
      ...(s.action === 'remove_content' && s.content ? [fill(t.content, { content: t.contents[s.content] })] : []),
      ...duration,
      `${t.facts}:\n${s.facts}`,
      `${t.rule}: ${t.rules[s.rule]}`,
      source,
      // An automated measure says so in its facts (AUTOMATION_TEXTS.automated).
      ...(s.automated ? [] : [t.not_automated]),
      t.redress,
      s.site,
    ],
    { label: t.read, href: s.link },
  );
}
