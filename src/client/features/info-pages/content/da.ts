import type { InfoContent } from './types';

export const content: InfoContent = {
  terms: {
    title: 'Vilkår og betingelser',
    intro: 'Disse vilkår gælder for al brug af {site} ({domain}). Version af {terms_date}.',
    sections: [
      {
        heading: '1. Hvem vi er',
        paragraphs: [
          '{site} drives af {company}, {address}, {city}, registreret i det hollandske handelskammer (KvK) under nummer {kvk}, moms {vat}. Du kan kontakte os på {support_email} eller {support_phone}.',
        ],
      },
      {
        heading: '2. Medlemskab',
        paragraphs: [
          'Du skal være mindst 18 år for at besøge {site} eller blive medlem. Tilmelding er gratis og kræver en gyldig e-mailadresse, som du bekræfter via det link, vi sender dig.',
          'Din konto er personlig. Hold din adgangskode hemmelig; du er ansvarlig for alt, hvad der sker med din konto.',
        ],
      },
      {
        heading: '3. Credits og betaling',
        paragraphs: [
          'Gratis medlemmer kan bruge en del af funktionerne. En besked koster {message_credits} credits, et privat billede {photo_credits} credits og en gave {gift_credits} credits. Credits købes i engangspakker: intet abonnement, intet fornyes automatisk.',
          'Ubrugte credits refunderes inden for {refund_days} dage efter købet som beskrevet i vores returpolitik.',
        ],
      },
      {
        heading: '4. Værtsprofiler',
        paragraphs: [
          'Nogle profiler drives af værter, der chatter for underholdningens skyld. De er markeret som sådan og kan ikke mødes i virkeligheden. Rigtige medlemmer markeres aldrig.',
        ],
      },
      {
        heading: '5. Adfærd',
        paragraphs: [
          'Behandl andre medlemmer med respekt. Chikane, trusler, hadefuld tale, spam, kommercielle tilbud, deling af andres personoplysninger og alt indhold med mindreårige er forbudt. Billeder skal vise dig selv og må ikke være eksplicitte i offentlige områder.',
          'Vi kan fjerne indhold og suspendere eller lukke konti, der bryder reglerne, som forklaret i vores udelukkelsespolitik.',
        ],
      },
      {
        heading: '6. Ophør af medlemskab',
        paragraphs: [
          'Du kan til enhver tid slette din konto i dine indstillinger. I 14 dage kan du fortryde via linket i bekræftelsesmailen; derefter slettes din profil og dine beskeder endeligt.',
        ],
      },
      {
        heading: '7. Ansvar',
        paragraphs: [
          'Vi gør vores bedste for at holde {site} tilgængelig og sikker, men kan ikke garantere uafbrudt drift eller sandheden af det, medlemmer skriver. Vores ansvar er begrænset til det beløb, du har betalt os i de tolv måneder før skaden, undtagen ved forsæt eller grov uagtsomhed.',
        ],
      },
      {
        heading: '8. Lovvalg og ændringer',
        paragraphs: [
          'Hollandsk ret finder anvendelse. Tvister afgøres ved den kompetente domstol i Amsterdam, med forbehold for ufravigelig forbrugerbeskyttelse i dit bopælsland. Ændringer varsles på siden mindst 30 dage i forvejen.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privatlivspolitik',
    intro: 'Sådan behandler {company} dine personoplysninger på {site}.',
    sections: [
      {
        heading: 'Dataansvarlig',
        paragraphs: [
          '{company}, {address}, {city} (KvK {kvk}) er dataansvarlig for den behandling, der beskrives her. Spørgsmål: {support_email}.',
        ],
      },
      {
        heading: 'Hvad vi behandler',
        paragraphs: [
          'Din e-mailadresse, adgangskode (kun gemt som sikker hash), profilnavn, fødselsdato, land og region, profiltekst og billeder, dine beskeder, likes og de medlemmer, du blokerer, dine køb af credits og tekniske data som IP-adresse og browser.',
          'Din profil kan afsløre din seksuelle orientering. Det er følsomme oplysninger, som vi kun behandler, fordi du selv har valgt at offentliggøre dem.',
        ],
      },
      {
        heading: 'Hvorfor vi behandler dem',
        paragraphs: [
          'For at levere den tjeneste, du tilmeldte dig (kontrakt), håndtere betalinger og regnskab (retlig forpligtelse), forebygge svindel og misbrug (legitim interesse) og sende dig notifikationer og tilbud, som du altid kan slå fra (samtykke).',
        ],
      },
      {
        heading: 'Hvor længe vi gemmer dem',
        paragraphs: [
          'Så længe din konto findes. Efter sletning fjerner vi profil og beskeder efter 14 dage; betalingsbilag gemmes i syv år som krævet af hollandsk skatteret.',
          'En verificeringsselfie ses kun af dig og vores moderatorer og slettes 30 dage efter moderatorens beslutning; vi laver ingen ansigtsskabelon eller andre biometriske data ud fra den.',
        ],
      },
      {
        heading: 'Hvem modtager dem',
        paragraphs: [
          'Betalingsudbydere, vores hostingudbyder i EU og den e-mailtjeneste, der leverer vores beskeder, alle med en databehandleraftale. Vi sælger aldrig dine data.',
        ],
      },
      {
        heading: 'Dine rettigheder',
        paragraphs: [
          'Du kan få indsigt i, rette, eksportere og slette dine data og gøre indsigelse mod behandlingen. Skriv til {support_email}; vi svarer inden for en måned. Du kan også klage til den hollandske datatilsynsmyndighed (Autoriteit Persoonsgegevens) eller Datatilsynet.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Cookiepolitik',
    intro: '{site} bruger kun få cookies, og de er alle nødvendige for, at siden virker.',
    sections: [
      {
        heading: 'Vores cookies',
        paragraphs: [
          'auth – holder dig logget ind (30 dage). locale – husker dit sprog (365 dage). dismissed_… – husker, at du har lukket en meddelelse som advarslen om voksenindhold, med tidspunktet (365 dage).',
        ],
      },
      {
        heading: 'Ingen sporing fra tredjeparter',
        paragraphs: [
          'Vi bruger ikke reklame- eller analysecookies fra andre virksomheder. Sporingskoder i et link, du fulgte (som network eller ref), gemmes kun for at aflønne den partner, der sendte dig.',
        ],
      },
      {
        heading: 'Styring af cookies',
        paragraphs: ['Du kan altid slette cookies i din browsers indstillinger. Uden auth-cookien forbliver du ikke logget ind.'],
      },
    ],
  },
  faq: {
    title: 'Ofte stillede spørgsmål',
    intro: '',
    sections: [
      {
        heading: 'Er tilmelding gratis?',
        paragraphs: [
          'Ja. Tilmelding, oprettelse af profil og visning af medlemmer er gratis. Du betaler kun for credits, hvis du vil sende flere beskeder end de gratis.',
        ],
      },
      {
        heading: 'Er det et abonnement?',
        paragraphs: ['Nej. Du køber en pakke credits én gang. Intet fornyes, og ubrugte credits refunderes inden for {refund_days} dage.'],
      },
      {
        heading: 'Hvad koster en besked?',
        paragraphs: [
          'En besked koster {message_credits} credits, et privat billede {photo_credits} credits og en gave {gift_credits} credits. Se beløbene i din valuta på prissiden.',
        ],
      },
      {
        heading: 'Hvorfor skal jeg bekræfte min e-mail?',
        paragraphs: ['Indtil du bekræfter den, modtager andre medlemmer ikke dine beskeder. Det holder falske konti ude.'],
      },
      {
        heading: 'Hvad er værtsprofiler?',
        paragraphs: ['Nogle profiler drives af værter, der chatter for underholdningens skyld. De er tydeligt markeret og kan ikke mødes.'],
      },
      {
        heading: 'Hvordan sletter jeg min konto?',
        paragraphs: ['Vælg at slette kontoen i dine indstillinger. Du har 14 dage til at fortryde via linket i den e-mail, vi sender.'],
      },
    ],
  },
  'return-policy': {
    title: 'Returpolitik',
    intro: 'Ingen abonnementer, og pengene tilbage for credits, du ikke har brugt.',
    sections: [
      {
        heading: 'Refusion af ubrugte credits',
        paragraphs: [
          'Inden for {refund_days} dage efter et køb kan du få refunderet de ubrugte credits fra købet. Vi tilbagebetaler den tilsvarende del af prisen inden for 14 dage via den betalingsmetode, du brugte.',
        ],
      },
      {
        heading: 'Sådan beder du om det',
        paragraphs: ['Send en e-mail til {support_email} fra din kontos adresse, eller brug klageformularen, og oplys købsdatoen.'],
      },
      {
        heading: 'Hvad refunderes ikke',
        paragraphs: ['Credits, du allerede har brugt på beskeder, billeder eller gaver, gratis credits og bonuscredits fra en rabat.'],
      },
    ],
  },
  service: {
    title: 'Kundeservice',
    intro: 'Vi hjælper gerne med din konto, betalinger og alt andet om {site}.',
    sections: [
      {
        heading: 'Kontakt',
        paragraphs: [
          'E-mail: {support_email}. Telefon: {support_phone} (mandag til fredag, 9–17 CET). Post: {company}, {address}, {city}.',
        ],
      },
      { heading: 'Svartid', paragraphs: ['Vi besvarer e-mails inden for én arbejdsdag. Klager behandles inden for 14 dage.'] },
      {
        heading: 'Før du skriver',
        paragraphs: ['Mange svar findes i de ofte stillede spørgsmål. Glemt adgangskode? Brug nulstilling på login-siden.'],
      },
    ],
  },
  ban: {
    title: 'Udelukkelsespolitik',
    intro: 'For at holde {site} sikker griber vi ind over for medlemmer, der bryder reglerne.',
    sections: [
      {
        heading: 'Grunde til udelukkelse',
        paragraphs: [
          'Ethvert tegn på en mindreårig, chikane eller trusler, hadefuld tale, spam eller reklame, svindel eller krav om penge, falske billeder eller billeder af andre samt betalingssvindel.',
        ],
      },
      {
        heading: 'Hvad der sker',
        paragraphs: [
          'Afhængigt af alvoren fjerner vi indholdet, giver en advarsel, suspenderer kontoen midlertidigt eller lukker den permanent. Credits på en konto lukket for svindel refunderes ikke.',
        ],
      },
      {
        heading: 'Indsigelse',
        paragraphs: [
          'Mener du, at vi har taget fejl, så skriv til {support_email} inden for 30 dage. En kollega, der ikke var involveret, gennemgår beslutningen og svarer inden for 14 dage.',
        ],
      },
    ],
  },
  '2257': {
    title: 'Erklæring om overholdelse af 18 U.S.C. 2257 (opbevaring af registre)',
    intro: '',
    sections: [
      {
        heading: 'Erklæring',
        paragraphs: [
          'Alle personer, der vises på {site}, var mindst 18 år, da billedet blev taget. {site} producerer ikke seksuelt eksplicit indhold; billeder uploades af medlemmerne selv, som ved tilmelding erklærer, at de er voksne og viser sig selv.',
        ],
      },
      {
        heading: 'Opbevarer af registre',
        paragraphs: [
          'Operatøren af dette websted er ikke primær producent af indhold. Spørgsmål om disse registre: {company}, {address}, {city}, {country}, {support_email}.',
        ],
      },
    ],
  },
};
