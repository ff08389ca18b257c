-- A site's own texts (title, description, the fictional-profile warning and its names) per
-- interface locale, so a Dutch page never shows the English warning. settings.php answers them as `site_texts`; the
-- plain columns stay the texts in the site's domain language (and what a client without translations shows).

ALTER TABLE sites ADD COLUMN texts jsonb NOT NULL DEFAULT '{}';

UPDATE sites SET texts = '{
  "en": {
    "index_title": "ManMatch – gay dating and chat",
    "description": "Meet gay and bi men near you. Free signup, chat with credits, no subscriptions.",
    "fictional_warning": "Profiles marked with ★ are fictional hosts who chat for entertainment; you will not meet them.",
    "fictional_singular": "host profile",
    "fictional_plural": "host profiles"
  },
  "nl": {
    "index_title": "ManMatch – daten en chatten voor mannen",
    "description": "Ontmoet homo- en bi-mannen bij jou in de buurt. Gratis inschrijven, chatten met credits, geen abonnement.",
    "fictional_warning": "Profielen met ★ zijn fictieve gastheren die chatten voor vermaak; je kunt ze niet ontmoeten.",
    "fictional_singular": "gastheerprofiel",
    "fictional_plural": "gastheerprofielen"
  },
  "de": {
    "index_title": "ManMatch – Gay-Dating und Chat",
    "description": "Triff schwule und bisexuelle Männer in deiner Nähe. Kostenlos anmelden, mit Credits chatten, kein Abo.",
    "fictional_warning": "Mit ★ markierte Profile sind fiktive Gastgeber, die zur Unterhaltung chatten; du wirst sie nicht treffen.",
    "fictional_singular": "Gastgeberprofil",
    "fictional_plural": "Gastgeberprofile"
  },
  "it": {
    "index_title": "ManMatch – incontri e chat gay",
    "description": "Incontra uomini gay e bisex vicino a te. Iscrizione gratuita, chat con crediti, nessun abbonamento.",
    "fictional_warning": "I profili contrassegnati con ★ sono host fittizi che chattano per intrattenimento; non li incontrerai.",
    "fictional_singular": "profilo host",
    "fictional_plural": "profili host"
  },
  "fr": {
    "index_title": "ManMatch – rencontres et chat gay",
    "description": "Rencontrez des hommes gays et bi près de chez vous. Inscription gratuite, chat avec des crédits, sans abonnement.",
    "fictional_warning": "Les profils marqués d’une ★ sont des hôtes fictifs qui discutent pour divertir ; vous ne les rencontrerez pas.",
    "fictional_singular": "profil d’hôte",
    "fictional_plural": "profils d’hôtes"
  },
  "es": {
    "index_title": "ManMatch – citas y chat gay",
    "description": "Conoce a hombres gais y bi cerca de ti. Registro gratis, chat con créditos, sin suscripciones.",
    "fictional_warning": "Los perfiles marcados con ★ son anfitriones ficticios que chatean por entretenimiento; no los conocerás.",
    "fictional_singular": "perfil de anfitrión",
    "fictional_plural": "perfiles de anfitrión"
  },
  "pl": {
    "index_title": "ManMatch – randki i czat dla gejów",
    "description": "Poznaj gejów i biseksualnych mężczyzn w pobliżu. Darmowa rejestracja, czat za kredyty, bez abonamentu.",
    "fictional_warning": "Profile oznaczone ★ to fikcyjni gospodarze, którzy czatują dla rozrywki; nie spotkasz się z nimi.",
    "fictional_singular": "profil gospodarza",
    "fictional_plural": "profile gospodarzy"
  },
  "da": {
    "index_title": "ManMatch – gay dating og chat",
    "description": "Mød homo- og biseksuelle mænd i nærheden. Gratis tilmelding, chat med credits, intet abonnement.",
    "fictional_warning": "Profiler markeret med ★ er fiktive værter, der chatter for underholdningens skyld; du vil ikke møde dem.",
    "fictional_singular": "værtsprofil",
    "fictional_plural": "værtsprofiler"
  },
  "fi": {
    "index_title": "ManMatch – homodeittailu ja chat",
    "description": "Tapaa homo- ja bimiehiä läheltäsi. Ilmainen rekisteröityminen, chattaile krediiteillä, ei tilausta.",
    "fictional_warning": "★-merkityt profiilit ovat kuvitteellisia isäntiä, jotka chattailevat viihteeksi; et tapaa heitä.",
    "fictional_singular": "isäntäprofiili",
    "fictional_plural": "isäntäprofiilit"
  },
  "nb": {
    "index_title": "ManMatch – homodating og chat",
    "description": "Møt homofile og bifile menn i nærheten. Gratis registrering, chat med kreditter, ingen abonnement.",
    "fictional_warning": "Profiler merket med ★ er fiktive verter som chatter for underholdning; du kommer ikke til å møte dem.",
    "fictional_singular": "vertsprofil",
    "fictional_plural": "vertsprofiler"
  },
  "sv": {
    "index_title": "ManMatch – gaydejting och chatt",
    "description": "Träffa gay- och bimän nära dig. Gratis registrering, chatta med krediter, inget abonnemang.",
    "fictional_warning": "Profiler märkta med ★ är fiktiva värdar som chattar för underhållning; du kommer inte att träffa dem.",
    "fictional_singular": "värdprofil",
    "fictional_plural": "värdprofiler"
  }
}'::jsonb, updated_at = now() WHERE is_default;
