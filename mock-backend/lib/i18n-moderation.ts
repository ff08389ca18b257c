import type { Locale } from '../../src/shared/locales';

/** Error texts of the photo moderation calls; merged into the one catalogue of lib/i18n.ts. */
export const MODERATION_MESSAGES = {
  forbidden: {
    en: 'You are not allowed to do this.',
    nl: 'Je hebt geen toestemming om dit te doen.',
    de: 'Du darfst das nicht tun.',
    it: 'Non hai il permesso di farlo.',
    fr: "Vous n'êtes pas autorisé à faire cela.",
    es: 'No tienes permiso para hacer esto.',
    pl: 'Nie masz uprawnień, aby to zrobić.',
    da: 'Du har ikke tilladelse til at gøre dette.',
    fi: 'Sinulla ei ole oikeutta tehdä tätä.',
    nb: 'Du har ikke tillatelse til å gjøre dette.',
    sv: 'Du har inte behörighet att göra detta.',
  },
  photo_decided: {
    en: 'Another moderator has just decided about this photo.',
    nl: 'Een andere moderator heeft zojuist over deze foto beslist.',
    de: 'Ein anderer Moderator hat gerade über dieses Foto entschieden.',
    it: 'Un altro moderatore ha appena deciso su questa foto.',
    fr: 'Un autre modérateur vient de statuer sur cette photo.',
    es: 'Otro moderador acaba de decidir sobre esta foto.',
    pl: 'Inny moderator właśnie podjął decyzję w sprawie tego zdjęcia.',
    da: 'En anden moderator har netop truffet en beslutning om dette billede.',
    fi: 'Toinen moderaattori teki juuri päätöksen tästä kuvasta.',
    nb: 'En annen moderator har nettopp tatt en avgjørelse om dette bildet.',
    sv: 'En annan moderator har just fattat beslut om den här bilden.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
