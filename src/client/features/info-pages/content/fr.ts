import type { InfoContent } from './types';

export const content: InfoContent = {
  terms: {
    title: 'Conditions générales',
    intro: 'Ces conditions s’appliquent à toute utilisation de {site} ({domain}). Version du {terms_date}.',
    sections: [
      {
        heading: '1. Qui sommes-nous',
        paragraphs: [
          '{site} est exploité par {company}, {address}, {city}, inscrite à la Chambre de commerce néerlandaise (KvK) sous le numéro {kvk}, TVA {vat}. Tu peux nous joindre à {support_email} ou au {support_phone}.',
        ],
      },
      {
        heading: '2. Inscription',
        paragraphs: [
          'Tu dois avoir au moins 18 ans pour visiter {site} ou t’y inscrire. L’inscription est gratuite et nécessite une adresse e-mail valide que tu confirmes avec le lien que nous t’envoyons.',
          'Ton compte est personnel. Garde ton mot de passe secret : tu es responsable de tout ce qui est fait avec ton compte.',
        ],
      },
      {
        heading: '3. Crédits et paiements',
        paragraphs: [
          'Les membres gratuits ont accès à une partie des fonctions. Un message coûte {message_credits} crédits, une photo privée {photo_credits} crédits et un cadeau {gift_credits} crédits. Les crédits s’achètent en packs uniques : aucun abonnement, rien ne se renouvelle automatiquement.',
          'Les crédits non utilisés sont remboursables dans les {refund_days} jours suivant l’achat, selon notre politique de remboursement.',
        ],
      },
      {
        heading: '4. Profils d’animateurs',
        paragraphs: [
          'Certains profils sont tenus par des animateurs qui discutent pour le divertissement. Ils sont signalés comme tels et ne peuvent pas être rencontrés. Les vrais membres ne sont jamais signalés.',
        ],
      },
      {
        heading: '5. Règles de conduite',
        paragraphs: [
          'Respecte les autres membres. Le harcèlement, les menaces, les propos haineux, le spam, les offres commerciales, la diffusion de données personnelles d’autrui et tout contenu impliquant des mineurs sont interdits. Les photos doivent te montrer et ne pas être explicites dans les espaces publics.',
          'Nous pouvons retirer du contenu et suspendre ou fermer les comptes qui enfreignent ces règles, comme expliqué dans notre politique d’exclusion.',
        ],
      },
      {
        heading: '6. Fin de l’inscription',
        paragraphs: [
          'Tu peux supprimer ton compte à tout moment dans tes paramètres. Pendant 14 jours, tu peux annuler la suppression avec le lien de l’e-mail de confirmation ; ensuite ton profil et tes messages sont définitivement effacés.',
        ],
      },
      {
        heading: '7. Responsabilité',
        paragraphs: [
          'Nous faisons de notre mieux pour que {site} reste disponible et sûr, sans pouvoir garantir un service ininterrompu ni l’exactitude de ce que les membres écrivent. Notre responsabilité est limitée au montant payé au cours des douze mois précédant le dommage, sauf faute intentionnelle ou lourde.',
        ],
      },
      {
        heading: '8. Droit applicable et modifications',
        paragraphs: [
          'Le droit néerlandais s’applique. Les litiges relèvent du tribunal compétent d’Amsterdam, sans préjudice de la protection impérative des consommateurs de ton pays de résidence. Nous annonçons toute modification au moins 30 jours à l’avance sur le site.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Déclaration de confidentialité',
    intro: 'Comment {company} traite tes données personnelles sur {site}.',
    sections: [
      {
        heading: 'Responsable du traitement',
        paragraphs: ['{company}, {address}, {city} (KvK {kvk}) est responsable du traitement décrit ici. Questions : {support_email}.'],
      },
      {
        heading: 'Données traitées',
        paragraphs: [
          'Ton adresse e-mail, ton mot de passe (stocké uniquement sous forme de hachage sécurisé), ton pseudo, ta date de naissance, ton pays et ta région, ton texte de profil et tes photos, tes messages, likes et les membres que tu bloques, tes achats de crédits et des données techniques comme l’adresse IP et le navigateur.',
          'Ton profil peut révéler ton orientation sexuelle. Il s’agit de données sensibles que nous traitons uniquement parce que tu as choisi de les publier.',
        ],
      },
      {
        heading: 'Pourquoi nous les traitons',
        paragraphs: [
          'Pour fournir le service auquel tu t’es inscrit (contrat), traiter les paiements et tenir la comptabilité (obligation légale), prévenir la fraude et les abus (intérêt légitime) et t’envoyer des notifications et offres que tu peux désactiver à tout moment (consentement).',
        ],
      },
      {
        heading: 'Durée de conservation',
        paragraphs: [
          'Tant que ton compte existe. Après suppression du compte, nous effaçons profil et messages au bout de 14 jours ; les justificatifs de paiement sont conservés sept ans, comme l’exige le droit fiscal néerlandais.',
          'Un selfie de vérification n’est vu que par toi et nos modérateurs, et il est supprimé 30 jours après la décision du modérateur ; nous n’en tirons aucun modèle de visage ni autre donnée biométrique.',
        ],
      },
      {
        heading: 'Destinataires',
        paragraphs: [
          'Les prestataires de paiement, notre hébergeur dans l’Union européenne et le service qui envoie nos e-mails, chacun sous contrat de sous-traitance. Nous ne vendons jamais tes données.',
        ],
      },
      {
        heading: 'Tes droits',
        paragraphs: [
          'Tu peux accéder à tes données, les rectifier, les exporter, les faire effacer et t’opposer à leur traitement. Écris à {support_email} ; nous répondons sous un mois. Tu peux aussi saisir l’autorité néerlandaise (Autoriteit Persoonsgegevens) ou la CNIL.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Politique de cookies',
    intro: '{site} n’utilise que quelques cookies, tous nécessaires au fonctionnement du site.',
    sections: [
      {
        heading: 'Nos cookies',
        paragraphs: [
          'auth – te garde connecté (30 jours). locale – retient ta langue (365 jours). dismissed_… – retient que tu as fermé un avis, comme l’avertissement de contenu pour adultes, avec l’heure (365 jours).',
        ],
      },
      {
        heading: 'Aucun pistage par des tiers',
        paragraphs: [
          'Nous n’utilisons aucun cookie publicitaire ou d’analyse d’autres sociétés. Les codes de suivi d’un lien que tu as suivi (comme network ou ref) servent uniquement à rémunérer le partenaire qui t’a envoyé.',
        ],
      },
      {
        heading: 'Gérer les cookies',
        paragraphs: [
          'Tu peux supprimer les cookies à tout moment dans les réglages de ton navigateur. Sans le cookie auth, tu ne restes pas connecté.',
        ],
      },
    ],
  },
  faq: {
    title: 'Questions fréquentes',
    intro: '',
    sections: [
      {
        heading: 'L’inscription est-elle gratuite ?',
        paragraphs: [
          'Oui. S’inscrire, créer un profil et parcourir les membres est gratuit. Tu ne paies des crédits que si tu veux envoyer plus de messages que les messages gratuits.',
        ],
      },
      {
        heading: 'S’agit-il d’un abonnement ?',
        paragraphs: [
          'Non. Tu achètes un pack de crédits une seule fois. Rien ne se renouvelle et les crédits non utilisés sont remboursables sous {refund_days} jours.',
        ],
      },
      {
        heading: 'Combien coûte un message ?',
        paragraphs: [
          'Un message coûte {message_credits} crédits, une photo privée {photo_credits} crédits et un cadeau {gift_credits} crédits. La page des tarifs indique les montants dans ta devise.',
        ],
      },
      {
        heading: 'Pourquoi confirmer mon adresse e-mail ?',
        paragraphs: ['Tant qu’elle n’est pas confirmée, les autres membres ne reçoivent pas tes messages. Cela écarte les faux comptes.'],
      },
      {
        heading: 'Que sont les profils d’animateurs ?',
        paragraphs: [
          'Certains profils sont tenus par des animateurs qui discutent pour le divertissement. Ils sont clairement signalés et ne peuvent pas être rencontrés.',
        ],
      },
      {
        heading: 'Comment supprimer mon compte ?',
        paragraphs: [
          'Dans tes paramètres, choisis de supprimer ton compte. Tu as 14 jours pour changer d’avis grâce au lien de l’e-mail envoyé.',
        ],
      },
    ],
  },
  'return-policy': {
    title: 'Politique de remboursement',
    intro: 'Pas d’abonnement, et ton argent rendu pour les crédits non utilisés.',
    sections: [
      {
        heading: 'Remboursement des crédits non utilisés',
        paragraphs: [
          'Dans les {refund_days} jours suivant un achat, tu peux demander le remboursement des crédits non utilisés de cet achat. Nous remboursons la part correspondante du prix sous 14 jours via le moyen de paiement utilisé.',
        ],
      },
      {
        heading: 'Comment le demander',
        paragraphs: [
          'Envoie un e-mail à {support_email} depuis l’adresse de ton compte, ou utilise le formulaire de réclamation, en indiquant la date de l’achat.',
        ],
      },
      {
        heading: 'Ce qui n’est pas remboursé',
        paragraphs: [
          'Les crédits déjà dépensés en messages, photos ou cadeaux, les crédits gratuits et les crédits bonus issus d’une réduction.',
        ],
      },
    ],
  },
  service: {
    title: 'Service client',
    intro: 'Nous t’aidons volontiers pour ton compte, les paiements et tout ce qui concerne {site}.',
    sections: [
      {
        heading: 'Contact',
        paragraphs: [
          'E-mail : {support_email}. Téléphone : {support_phone} (du lundi au vendredi, 9 h–17 h CET). Courrier : {company}, {address}, {city}.',
        ],
      },
      {
        heading: 'Délai de réponse',
        paragraphs: ['Nous répondons aux e-mails en un jour ouvré. Les réclamations sont traitées sous 14 jours.'],
      },
      {
        heading: 'Avant d’écrire',
        paragraphs: [
          'Beaucoup de réponses se trouvent dans la FAQ. Mot de passe oublié ? Utilise la réinitialisation sur la page de connexion.',
        ],
      },
    ],
  },
  ban: {
    title: 'Politique d’exclusion',
    intro: 'Pour que {site} reste sûr, nous agissons contre les membres qui enfreignent les règles.',
    sections: [
      {
        heading: 'Motifs d’exclusion',
        paragraphs: [
          'Tout indice de mineur, harcèlement ou menaces, propos haineux, spam ou publicité, arnaque ou demande d’argent, photos fausses ou d’autres personnes, et fraude au paiement.',
        ],
      },
      {
        heading: 'Ce qui se passe',
        paragraphs: [
          'Selon la gravité, nous retirons le contenu, donnons un avertissement, suspendons le compte temporairement ou le fermons définitivement. Les crédits d’un compte fermé pour fraude ne sont pas remboursés.',
        ],
      },
      {
        heading: 'Contester',
        paragraphs: [
          'Si tu penses que nous nous sommes trompés, écris à {support_email} dans les 30 jours. Un collègue non impliqué réexamine la décision et répond sous 14 jours.',
        ],
      },
    ],
  },
  '2257': {
    title: 'Déclaration de conformité 18 U.S.C. 2257 sur la tenue des registres',
    intro: '',
    sections: [
      {
        heading: 'Déclaration',
        paragraphs: [
          'Toutes les personnes représentées sur {site} avaient au moins 18 ans au moment de la prise de vue. {site} ne produit aucun contenu sexuellement explicite ; les photos sont publiées par les membres eux-mêmes, qui déclarent à l’inscription être majeurs et se montrer eux-mêmes.',
        ],
      },
      {
        heading: 'Dépositaire des registres',
        paragraphs: [
          'L’exploitant de ce site n’est pas le producteur principal des contenus. Questions sur ces registres : {company}, {address}, {city}, {country}, {support_email}.',
        ],
      },
    ],
  },
};
