/** Error texts of credits and payments; merged into the one catalogue of lib/i18n.ts. */
export const CREDIT_MESSAGES = {
  insufficient_credits: {
    en: "You don't have enough credits",
    nl: 'Je hebt onvoldoende credits',
    de: 'Du hast nicht genug Credits',
    it: 'Non hai abbastanza crediti',
    fr: "Vous n'avez pas assez de crédits",
    es: 'No tienes suficientes créditos',
    pl: 'Masz za mało kredytów',
    da: 'Du har ikke nok credits',
    fi: 'Sinulla ei ole tarpeeksi krediittejä',
    nb: 'Du har ikke nok kreditter',
    sv: 'Du har inte tillräckligt med krediter',
  },
  reservation_settled: {
    en: 'This payment with credits has already been settled.',
    nl: 'Deze betaling met credits is al afgehandeld.',
    de: 'Diese Zahlung mit Credits wurde bereits abgeschlossen.',
    it: 'Questo pagamento con crediti è già stato concluso.',
    fr: 'Ce paiement en crédits a déjà été réglé.',
    es: 'Este pago con créditos ya se ha liquidado.',
    pl: 'Ta płatność kredytami została już rozliczona.',
    da: 'Denne betaling med credits er allerede afsluttet.',
    fi: 'Tämä krediittimaksu on jo käsitelty.',
    nb: 'Denne betalingen med kreditter er allerede avsluttet.',
    sv: 'Den här betalningen med krediter är redan avslutad.',
  },
} as const;
