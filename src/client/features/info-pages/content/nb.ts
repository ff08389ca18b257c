import type { InfoContent } from './types';

export const content: InfoContent = {
  terms: {
    title: 'Vilkår og betingelser',
    intro: 'Disse vilkårene gjelder all bruk av {site} ({domain}). Versjon av {terms_date}.',
    sections: [
      {
        heading: '1. Hvem vi er',
        paragraphs: [
          '{site} drives av {company}, {address}, {city}, registrert i det nederlandske handelskammeret (KvK) med nummer {kvk}, mva {vat}. Du når oss på {support_email} eller {support_phone}.',
        ],
      },
      {
        heading: '2. Medlemskap',
        paragraphs: [
          'Du må være minst 18 år for å besøke {site} eller bli medlem. Registrering er gratis og krever en gyldig e-postadresse som du bekrefter via lenken vi sender deg.',
          'Kontoen din er personlig. Hold passordet hemmelig; du er ansvarlig for alt som skjer med kontoen din.',
        ],
      },
      {
        heading: '3. Kreditter og betaling',
        paragraphs: [
          'Gratismedlemmer kan bruke en del av funksjonene. En melding koster {message_credits} kreditter, et privat bilde {photo_credits} kreditter og en gave {gift_credits} kreditter. Kreditter kjøpes i engangspakker: ingen abonnement, ingenting fornyes automatisk.',
          'Ubrukte kreditter refunderes innen {refund_days} dager etter kjøpet, som beskrevet i returvilkårene våre.',
        ],
      },
      {
        heading: '4. Vertsprofiler',
        paragraphs: [
          'Noen profiler drives av verter som chatter for underholdning. De er merket som dette og kan ikke møtes i virkeligheten. Ekte medlemmer merkes aldri.',
        ],
      },
      {
        heading: '5. Oppførsel',
        paragraphs: [
          'Behandle andre medlemmer med respekt. Trakassering, trusler, hatefulle ytringer, spam, kommersielle tilbud, deling av andres personopplysninger og alt innhold med mindreårige er forbudt. Bilder må vise deg selv og kan ikke være eksplisitte i offentlige deler.',
          'Vi kan fjerne innhold og suspendere eller stenge kontoer som bryter reglene, som forklart i utestengelsesreglene våre.',
        ],
      },
      {
        heading: '6. Avslutte medlemskapet',
        paragraphs: [
          'Du kan når som helst slette kontoen i innstillingene. I 14 dager kan du angre via lenken i bekreftelsesmeldingen; deretter slettes profilen og meldingene dine for godt.',
        ],
      },
      {
        heading: '7. Ansvar',
        paragraphs: [
          'Vi gjør vårt beste for å holde {site} tilgjengelig og trygg, men kan ikke garantere drift uten avbrudd eller at det medlemmer skriver er sant. Ansvaret vårt er begrenset til beløpet du har betalt oss de siste tolv månedene før skaden, unntatt ved forsett eller grov uaktsomhet.',
        ],
      },
      {
        heading: '8. Lovvalg og endringer',
        paragraphs: [
          'Nederlandsk rett gjelder. Tvister avgjøres av kompetent domstol i Amsterdam, uten at det begrenser ufravikelig forbrukervern i ditt bostedsland. Endringer varsles på nettstedet minst 30 dager i forveien.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Personvernerklæring',
    intro: 'Slik behandler {company} personopplysningene dine på {site}.',
    sections: [
      {
        heading: 'Behandlingsansvarlig',
        paragraphs: [
          '{company}, {address}, {city} (KvK {kvk}) er behandlingsansvarlig for behandlingen som beskrives her. Spørsmål: {support_email}.',
        ],
      },
      {
        heading: 'Hva vi behandler',
        paragraphs: [
          'E-postadressen din, passord (bare lagret som sikker hash), profilnavn, fødselsdato, land og region, profiltekst og bilder, meldingene dine, likes og medlemmene du blokkerer, kjøp av kreditter og tekniske data som IP-adresse og nettleser.',
          'Profilen din kan avsløre din seksuelle legning. Dette er særlige kategorier av personopplysninger, som vi bare behandler fordi du selv har valgt å publisere dem.',
        ],
      },
      {
        heading: 'Hvorfor vi behandler dem',
        paragraphs: [
          'For å levere tjenesten du registrerte deg for (avtale), håndtere betalinger og regnskap (rettslig plikt), forhindre svindel og misbruk (berettiget interesse) og sende deg varsler og tilbud som du når som helst kan slå av (samtykke).',
        ],
      },
      {
        heading: 'Hvor lenge vi lagrer dem',
        paragraphs: [
          'Så lenge kontoen din finnes. Etter sletting fjerner vi profil og meldinger etter 14 dager; betalingsbilag lagres i sju år slik nederlandsk skatterett krever.',
          'En verifiseringsselfie ses bare av deg og moderatorene våre og slettes 30 dager etter moderatorens avgjørelse; vi lager ingen ansiktsmal eller andre biometriske data av den.',
        ],
      },
      {
        heading: 'Hvem som mottar dem',
        paragraphs: [
          'Betalingstilbydere, vår driftsleverandør i EU og e-posttjenesten som leverer meldingene våre, alle med databehandleravtale. Vi selger aldri dataene dine.',
        ],
      },
      {
        heading: 'Dine rettigheter',
        paragraphs: [
          'Du kan få innsyn i, rette, eksportere og slette dataene dine og protestere mot behandlingen. Skriv til {support_email}; vi svarer innen en måned. Du kan også klage til den nederlandske tilsynsmyndigheten (Autoriteit Persoonsgegevens) eller Datatilsynet.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Retningslinjer for informasjonskapsler',
    intro: '{site} bruker bare noen få informasjonskapsler, og alle trengs for at nettstedet skal virke.',
    sections: [
      {
        heading: 'Våre informasjonskapsler',
        paragraphs: [
          'auth – holder deg innlogget (30 dager). locale – husker språket ditt (365 dager). dismissed_… – husker at du lukket en melding som advarselen om voksent innhold, med tidspunktet (365 dager).',
        ],
      },
      {
        heading: 'Ingen sporing fra tredjeparter',
        paragraphs: [
          'Vi bruker ikke reklame- eller analysekapsler fra andre selskaper. Sporingskoder i en lenke du fulgte (som network eller ref) lagres bare for å godtgjøre partneren som sendte deg.',
        ],
      },
      {
        heading: 'Administrere informasjonskapsler',
        paragraphs: ['Du kan alltid slette informasjonskapsler i nettleserinnstillingene. Uten auth-kapselen forblir du ikke innlogget.'],
      },
    ],
  },
  faq: {
    title: 'Ofte stilte spørsmål',
    intro: '',
    sections: [
      {
        heading: 'Er registrering gratis?',
        paragraphs: [
          'Ja. Å registrere seg, lage profil og se medlemmer er gratis. Du betaler bare for kreditter hvis du vil sende flere meldinger enn de gratis.',
        ],
      },
      {
        heading: 'Er dette et abonnement?',
        paragraphs: [
          'Nei. Du kjøper en pakke kreditter én gang. Ingenting fornyes, og ubrukte kreditter refunderes innen {refund_days} dager.',
        ],
      },
      {
        heading: 'Hva koster en melding?',
        paragraphs: [
          'En melding koster {message_credits} kreditter, et privat bilde {photo_credits} kreditter og en gave {gift_credits} kreditter. Prissiden viser beløpene i din valuta.',
        ],
      },
      {
        heading: 'Hvorfor må jeg bekrefte e-posten min?',
        paragraphs: ['Til du bekrefter den, mottar ikke andre medlemmer meldingene dine. Slik holder vi falske kontoer ute.'],
      },
      {
        heading: 'Hva er vertsprofiler?',
        paragraphs: ['Noen profiler drives av verter som chatter for underholdning. De er tydelig merket og kan ikke møtes.'],
      },
      {
        heading: 'Hvordan sletter jeg kontoen min?',
        paragraphs: ['Velg å slette kontoen i innstillingene. Du har 14 dager på å angre via lenken i e-posten vi sender.'],
      },
    ],
  },
  'return-policy': {
    title: 'Returvilkår',
    intro: 'Ingen abonnementer, og pengene tilbake for kreditter du ikke har brukt.',
    sections: [
      {
        heading: 'Refusjon av ubrukte kreditter',
        paragraphs: [
          'Innen {refund_days} dager etter et kjøp kan du be om refusjon av de ubrukte kredittene fra kjøpet. Vi betaler tilbake tilsvarende del av prisen innen 14 dager via betalingsmåten du brukte.',
        ],
      },
      {
        heading: 'Slik ber du om det',
        paragraphs: ['Send en e-post til {support_email} fra adressen til kontoen din, eller bruk klageskjemaet, og oppgi kjøpsdatoen.'],
      },
      {
        heading: 'Hva som ikke refunderes',
        paragraphs: ['Kreditter du allerede har brukt på meldinger, bilder eller gaver, gratis kreditter og bonuskreditter fra en rabatt.'],
      },
    ],
  },
  service: {
    title: 'Kundeservice',
    intro: 'Vi hjelper deg gjerne med kontoen, betalinger og alt annet om {site}.',
    sections: [
      {
        heading: 'Kontakt',
        paragraphs: [
          'E-post: {support_email}. Telefon: {support_phone} (mandag til fredag, 9–17 CET). Post: {company}, {address}, {city}.',
        ],
      },
      { heading: 'Svartid', paragraphs: ['Vi svarer på e-post innen én arbeidsdag. Klager behandles innen 14 dager.'] },
      {
        heading: 'Før du skriver',
        paragraphs: ['Mange svar finnes i ofte stilte spørsmål. Glemt passordet? Bruk tilbakestilling på innloggingssiden.'],
      },
    ],
  },
  ban: {
    title: 'Utestengelsesregler',
    intro: 'For å holde {site} trygg griper vi inn mot medlemmer som bryter reglene.',
    sections: [
      {
        heading: 'Grunner til utestengelse',
        paragraphs: [
          'Ethvert tegn på en mindreårig, trakassering eller trusler, hatefulle ytringer, spam eller reklame, svindel eller krav om penger, falske bilder eller bilder av andre og betalingssvindel.',
        ],
      },
      {
        heading: 'Hva som skjer',
        paragraphs: [
          'Avhengig av alvorlighetsgrad fjerner vi innholdet, gir en advarsel, suspenderer kontoen en periode eller stenger den for godt. Kreditter på en konto stengt for svindel refunderes ikke.',
        ],
      },
      {
        heading: 'Klage',
        paragraphs: [
          'Mener du at vi har tatt feil, skriv til {support_email} innen 30 dager. En kollega som ikke var involvert vurderer avgjørelsen på nytt og svarer innen 14 dager.',
        ],
      },
    ],
  },
  '2257': {
    title: 'Erklæring om overholdelse av 18 U.S.C. 2257 (oppbevaring av registre)',
    intro: '',
    sections: [
      {
        heading: 'Erklæring',
        paragraphs: [
          'Alle personer som vises på {site}, var minst 18 år da bildet ble tatt. {site} produserer ikke seksuelt eksplisitt innhold; bildene lastes opp av medlemmene selv, som ved registrering erklærer at de er voksne og viser seg selv.',
        ],
      },
      {
        heading: 'Ansvarlig for registrene',
        paragraphs: [
          'Operatøren av dette nettstedet er ikke primærprodusent av innhold. Spørsmål om registrene: {company}, {address}, {city}, {country}, {support_email}.',
        ],
      },
    ],
  },
};
