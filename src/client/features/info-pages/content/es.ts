import type { InfoContent } from './types';

export const content: InfoContent = {
  terms: {
    title: 'Términos y condiciones',
    intro: 'Estos términos se aplican a todo uso de {site} ({domain}). Versión del {terms_date}.',
    sections: [
      {
        heading: '1. Quiénes somos',
        paragraphs: [
          '{site} está gestionado por {company}, {address}, {city}, inscrita en la Cámara de Comercio neerlandesa (KvK) con el número {kvk}, IVA {vat}. Puedes contactarnos en {support_email} o en el {support_phone}.',
        ],
      },
      {
        heading: '2. Registro',
        paragraphs: [
          'Debes tener al menos 18 años para visitar {site} o registrarte. El registro es gratuito y requiere una dirección de correo válida que confirmas con el enlace que te enviamos.',
          'Tu cuenta es personal. Mantén tu contraseña en secreto: eres responsable de todo lo que se haga con tu cuenta.',
        ],
      },
      {
        heading: '3. Créditos y pagos',
        paragraphs: [
          'Los miembros gratuitos pueden usar parte de las funciones. Un mensaje cuesta {message_credits} créditos, una foto privada {photo_credits} créditos y un regalo {gift_credits} créditos. Los créditos se compran en paquetes únicos: sin suscripción y sin renovación automática.',
          'Los créditos no usados se reembolsan dentro de los {refund_days} días siguientes a la compra, según nuestra política de reembolso.',
        ],
      },
      {
        heading: '4. Perfiles de anfitriones',
        paragraphs: [
          'Algunos perfiles los gestionan anfitriones que chatean como entretenimiento. Están marcados como tales y no se pueden conocer en persona. Los miembros reales nunca se marcan.',
        ],
      },
      {
        heading: '5. Normas de conducta',
        paragraphs: [
          'Trata a los demás miembros con respeto. Están prohibidos el acoso, las amenazas, el discurso de odio, el spam, las ofertas comerciales, compartir datos personales de otros y cualquier contenido con menores. Las fotos deben mostrarte a ti y no ser explícitas en las zonas públicas.',
          'Podemos retirar contenido y suspender o cerrar las cuentas que incumplan estas normas, como se explica en nuestra política de expulsión.',
        ],
      },
      {
        heading: '6. Fin de la membresía',
        paragraphs: [
          'Puedes eliminar tu cuenta cuando quieras en tus ajustes. Durante 14 días puedes deshacerlo con el enlace del correo de confirmación; después tu perfil y tus mensajes se borran definitivamente.',
        ],
      },
      {
        heading: '7. Responsabilidad',
        paragraphs: [
          'Hacemos todo lo posible para que {site} esté disponible y sea seguro, pero no podemos garantizar un servicio ininterrumpido ni la veracidad de lo que escriben los miembros. Nuestra responsabilidad se limita al importe pagado en los doce meses anteriores al daño, salvo dolo o culpa grave.',
        ],
      },
      {
        heading: '8. Ley aplicable y cambios',
        paragraphs: [
          'Se aplica la ley neerlandesa. Los litigios corresponden al tribunal competente de Ámsterdam, sin perjuicio de la protección obligatoria del consumidor de tu país de residencia. Anunciamos los cambios en el sitio al menos 30 días antes.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Declaración de privacidad',
    intro: 'Cómo trata {company} tus datos personales en {site}.',
    sections: [
      {
        heading: 'Responsable del tratamiento',
        paragraphs: ['{company}, {address}, {city} (KvK {kvk}) es responsable del tratamiento descrito aquí. Preguntas: {support_email}.'],
      },
      {
        heading: 'Qué datos tratamos',
        paragraphs: [
          'Tu correo electrónico, tu contraseña (guardada solo como hash seguro), nombre de perfil, fecha de nacimiento, país y región, texto y fotos del perfil, tus mensajes, likes y los miembros que bloqueas, tus compras de créditos y datos técnicos como la dirección IP y el navegador.',
          'Tu perfil puede revelar tu orientación sexual. Son datos de categoría especial que tratamos solo porque decidiste publicarlos.',
        ],
      },
      {
        heading: 'Por qué los tratamos',
        paragraphs: [
          'Para prestar el servicio al que te registraste (contrato), gestionar pagos y contabilidad (obligación legal), prevenir fraudes y abusos (interés legítimo) y enviarte avisos y ofertas que puedes desactivar cuando quieras (consentimiento).',
        ],
      },
      {
        heading: 'Cuánto tiempo los guardamos',
        paragraphs: [
          'Mientras exista tu cuenta. Tras eliminarla borramos perfil y mensajes a los 14 días; los registros de pago se guardan siete años, como exige la ley fiscal neerlandesa.',
          'Un selfie de verificación solo lo ven tú y nuestros moderadores, y se elimina 30 días después de la decisión del moderador; no se obtiene de él ningún modelo facial ni otros datos biométricos.',
        ],
      },
      {
        heading: 'Quién los recibe',
        paragraphs: [
          'Proveedores de pago, nuestro alojamiento en la Unión Europea y el servicio que entrega nuestros correos, cada uno con un contrato de encargo de tratamiento. Nunca vendemos tus datos.',
        ],
      },
      {
        heading: 'Tus derechos',
        paragraphs: [
          'Puedes acceder a tus datos, rectificarlos, exportarlos, pedir su supresión y oponerte al tratamiento. Escribe a {support_email}; respondemos en un mes. También puedes reclamar ante la autoridad neerlandesa (Autoriteit Persoonsgegevens) o la AEPD.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Política de cookies',
    intro: '{site} usa solo unas pocas cookies, todas necesarias para que el sitio funcione.',
    sections: [
      {
        heading: 'Nuestras cookies',
        paragraphs: [
          'auth – mantiene tu sesión iniciada (30 días). locale – recuerda tu idioma (365 días). dismissed_… – recuerda que cerraste un aviso, como la advertencia de contenido para adultos, con la hora (365 días).',
        ],
      },
      {
        heading: 'Sin rastreo de terceros',
        paragraphs: [
          'No usamos cookies publicitarias ni analíticas de otras empresas. Los códigos de seguimiento de un enlace que seguiste (como network o ref) solo sirven para retribuir al socio que te envió.',
        ],
      },
      {
        heading: 'Gestionar las cookies',
        paragraphs: [
          'Puedes borrar las cookies cuando quieras en los ajustes de tu navegador. Sin la cookie auth no permaneces conectado.',
        ],
      },
    ],
  },
  faq: {
    title: 'Preguntas frecuentes',
    intro: '',
    sections: [
      {
        heading: '¿Registrarse es gratis?',
        paragraphs: [
          'Sí. Registrarte, crear un perfil y ver miembros es gratis. Solo pagas créditos si quieres enviar más mensajes que los gratuitos.',
        ],
      },
      {
        heading: '¿Es una suscripción?',
        paragraphs: [
          'No. Compras un paquete de créditos una sola vez. Nada se renueva y los créditos no usados se reembolsan en {refund_days} días.',
        ],
      },
      {
        heading: '¿Cuánto cuesta un mensaje?',
        paragraphs: [
          'Un mensaje cuesta {message_credits} créditos, una foto privada {photo_credits} créditos y un regalo {gift_credits} créditos. En la página de precios ves los importes en tu moneda.',
        ],
      },
      {
        heading: '¿Por qué debo confirmar mi correo?',
        paragraphs: ['Hasta que lo confirmes, los demás miembros no reciben tus mensajes. Así evitamos cuentas falsas.'],
      },
      {
        heading: '¿Qué son los perfiles de anfitriones?',
        paragraphs: [
          'Algunos perfiles los gestionan anfitriones que chatean como entretenimiento. Están claramente marcados y no se pueden conocer en persona.',
        ],
      },
      {
        heading: '¿Cómo elimino mi cuenta?',
        paragraphs: [
          'En tus ajustes elige eliminar la cuenta. Tienes 14 días para cambiar de opinión con el enlace del correo que te enviamos.',
        ],
      },
    ],
  },
  'return-policy': {
    title: 'Política de reembolso',
    intro: 'Sin suscripciones, y te devolvemos el dinero de los créditos que no usaste.',
    sections: [
      {
        heading: 'Reembolso de créditos no usados',
        paragraphs: [
          'Dentro de los {refund_days} días siguientes a una compra puedes pedir el reembolso de los créditos no usados de esa compra. Devolvemos la parte correspondiente del precio en 14 días por el mismo medio de pago.',
        ],
      },
      {
        heading: 'Cómo pedirlo',
        paragraphs: [
          'Envía un correo a {support_email} desde la dirección de tu cuenta, o usa el formulario de reclamaciones, indicando la fecha de la compra.',
        ],
      },
      {
        heading: 'Qué no se reembolsa',
        paragraphs: [
          'Los créditos ya gastados en mensajes, fotos o regalos, los créditos gratuitos y los créditos de bonificación de un descuento.',
        ],
      },
    ],
  },
  service: {
    title: 'Atención al cliente',
    intro: 'Te ayudamos con tu cuenta, los pagos y todo lo relacionado con {site}.',
    sections: [
      {
        heading: 'Contacto',
        paragraphs: [
          'Correo: {support_email}. Teléfono: {support_phone} (de lunes a viernes, de 9:00 a 17:00 CET). Correo postal: {company}, {address}, {city}.',
        ],
      },
      {
        heading: 'Tiempo de respuesta',
        paragraphs: ['Respondemos los correos en un día laborable. Las reclamaciones se resuelven en 14 días.'],
      },
      {
        heading: 'Antes de escribir',
        paragraphs: [
          'Muchas respuestas están en las preguntas frecuentes. ¿Olvidaste tu contraseña? Usa el restablecimiento en la página de inicio de sesión.',
        ],
      },
    ],
  },
  ban: {
    title: 'Política de expulsión',
    intro: 'Para que {site} siga siendo seguro actuamos contra los miembros que incumplen las normas.',
    sections: [
      {
        heading: 'Motivos de expulsión',
        paragraphs: [
          'Cualquier indicio de un menor, acoso o amenazas, discurso de odio, spam o publicidad, estafas o peticiones de dinero, fotos falsas o de otras personas y fraude en los pagos.',
        ],
      },
      {
        heading: 'Qué ocurre',
        paragraphs: [
          'Según la gravedad, retiramos el contenido, damos un aviso, suspendemos la cuenta temporalmente o la cerramos para siempre. Los créditos de una cuenta cerrada por fraude no se reembolsan.',
        ],
      },
      {
        heading: 'Recurrir',
        paragraphs: [
          'Si crees que nos hemos equivocado, escribe a {support_email} en un plazo de 30 días. Un compañero no implicado revisa la decisión y responde en 14 días.',
        ],
      },
    ],
  },
  '2257': {
    title: 'Declaración de cumplimiento 18 U.S.C. 2257 sobre conservación de registros',
    intro: '',
    sections: [
      {
        heading: 'Declaración',
        paragraphs: [
          'Todas las personas que aparecen en {site} tenían al menos 18 años cuando se tomó la imagen. {site} no produce contenido sexualmente explícito; las fotos las suben los propios miembros, que declaran al registrarse ser mayores de edad y aparecer ellos mismos.',
        ],
      },
      {
        heading: 'Custodio de los registros',
        paragraphs: [
          'El operador de este sitio no es productor primario de ningún contenido. Preguntas sobre estos registros: {company}, {address}, {city}, {country}, {support_email}.',
        ],
      },
    ],
  },
};
