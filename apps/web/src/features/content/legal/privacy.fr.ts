import { COMPANY, companyAddress, type LegalDocument } from './types';

const privacy: LegalDocument = {
  title: 'Politique de confidentialité',
  updated: 'Dernière mise à jour : 1er novembre 2025',
  intro: [
    `La présente politique explique comment ${COMPANY.name} (« MapleSource », « nous ») recueille, utilise, communique et protège les renseignements personnels lorsque vous utilisez la place de marché MapleSource, où les acheteurs au Canada trouvent des fabricants, des fournisseurs et des prestataires de services industriels, demandent des devis, échangent avec les vendeurs, acceptent des factures et paient en dollars canadiens.`,
    'Nous traitons les renseignements personnels conformément à la Loi sur la protection des renseignements personnels et les documents électroniques (LPRPDE) et aux lois provinciales applicables.',
  ],
  sections: [
    {
      id: 'information-we-collect',
      heading: 'Renseignements que nous recueillons',
      paragraphs: [
        'Nous recueillons uniquement ce qui est nécessaire au fonctionnement de la place de marché :',
      ],
      list: [
        'Renseignements de compte : nom complet, adresse courriel, numéro de téléphone, province, ville, pays, mot de passe (conservé uniquement sous forme de hachage sécurisé) et avatar.',
        'Renseignements commerciaux et de commande : demandes de devis (produit, quantité, fourchette de prix, échéance, province et code postal de livraison), messages et images échangés par messagerie, factures, commandes, adresses de livraison et de facturation, et votre signature électronique lorsque vous acceptez une facture.',
        'Renseignements de paiement : les paiements par carte sont traités par notre fournisseur de paiement; nous recevons le statut du paiement et les derniers chiffres de la carte, jamais le numéro complet.',
        'Candidatures : nom, coordonnées, adresse, catégorie d’emploi, curriculum vitæ et lettre de présentation facultative.',
        'Données d’utilisation : pages consultées, recherches, type d’appareil et de navigateur, adresse IP et langue choisie (conservée dans votre navigateur sous la clé « lang »).',
      ],
    },
    {
      id: 'how-we-use-information',
      heading: 'Utilisation des renseignements',
      paragraphs: ['Nous utilisons les renseignements personnels pour :'],
      list: [
        'créer et sécuriser votre compte, vérifier votre numéro de téléphone et votre adresse courriel et maintenir votre session;',
        'transmettre vos demandes de devis aux vendeurs choisis et vous permettre de négocier, d’accepter des factures, de payer et de suivre vos commandes;',
        'offrir le soutien à la clientèle, régler les différends et traiter les révisions de paiement et les remboursements;',
        'améliorer la recherche, les recommandations et la fiabilité du service;',
        'envoyer des messages de service (par exemple une facture en attente de votre action) et, avec votre consentement, des messages promotionnels que vous pouvez refuser en tout temps;',
        'détecter et prévenir la fraude, les abus et les incidents de sécurité, et respecter nos obligations légales.',
      ],
    },
    {
      id: 'no-sale',
      heading: 'Nous ne vendons pas vos renseignements personnels',
      paragraphs: [
        'Nous ne vendons, ne louons ni n’échangeons vos renseignements personnels, et nous ne les communiquons pas à des fins publicitaires d’autres entreprises.',
      ],
    },
    {
      id: 'sharing',
      heading: 'À qui nous communiquons des renseignements',
      paragraphs: [
        'Nous communiquons des renseignements personnels uniquement dans les cas suivants et dans la mesure nécessaire :',
      ],
      list: [
        'Fournisseurs de services travaillant pour nous sous contrat (hébergement, traitement des paiements, envoi de textos et de courriels, outils de soutien). Ils ne peuvent utiliser ces renseignements que pour nous fournir leurs services.',
        'Acheteurs et fournisseurs, pour donner suite à une demande : lorsque vous envoyez une demande ou acceptez une facture, le vendeur reçoit les renseignements nécessaires pour établir un devis, livrer et facturer (nom, coordonnées professionnelles, adresse de livraison, détails de la commande). Les vendeurs communiquent de la même façon leurs coordonnées aux acheteurs.',
        'Employeurs Premium ayant accès aux curriculum vitæ : si vous soumettez une candidature, votre curriculum vitæ peut être consulté par des employeurs Premium. Seuls les comptes d’entreprise vérifiés y ont accès.',
        'Autorités, lorsque la loi l’exige : tribunaux, forces de l’ordre ou organismes de réglementation, lorsque nous devons nous conformer à une loi, à une ordonnance ou à une demande légitime, ou pour protéger les droits, la sécurité et les biens de nos utilisateurs et de MapleSource.',
        'Successeurs lors d’une transaction commerciale : en cas de fusion, d’acquisition, de financement ou de vente d’actifs, les renseignements personnels peuvent être transférés au successeur, qui doit les protéger conformément à la présente politique.',
      ],
    },
    {
      id: 'calls-and-contact-forms',
      heading: 'Appels suivis et formulaires de contact',
      paragraphs: [
        'Certains numéros de téléphone de vendeurs affichés sur MapleSource sont des numéros suivis. Les appels passés au moyen de ces numéros et les messages envoyés au moyen des formulaires de contact peuvent être enregistrés et communiqués au fournisseur contacté, afin qu’il puisse vous répondre et que nous puissions mesurer le service et régler les différends.',
        'Nous vous informons lorsque le suivi ou l’enregistrement des appels est actif, avant la mise en communication ou à côté du formulaire.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Témoins et stockage local',
      paragraphs: [
        'Nous utilisons un témoin de session pour maintenir votre connexion et protéger votre compte, et le stockage local de votre navigateur pour mémoriser votre langue. Nous n’utilisons pas de témoins à des fins publicitaires de tiers. Le blocage des témoins vous empêchera de vous connecter.',
      ],
    },
    {
      id: 'retention-and-security',
      heading: 'Conservation et sécurité',
      paragraphs: [
        'Nous conservons les renseignements personnels seulement le temps nécessaire aux fins ci-dessus : les renseignements de compte tant que votre compte est ouvert; les commandes, factures et dossiers de paiement pendant la durée exigée par les lois fiscales et commerciales (généralement sept ans); les messages et candidatures jusqu’à ce que vous les supprimiez ou fermiez votre compte, sauf si nous devons les conserver pour régler un différend. Les renseignements dont nous n’avons plus besoin sont supprimés ou anonymisés.',
        'Nous protégeons les renseignements par des mesures adaptées à leur sensibilité : chiffrement en transit, mots de passe hachés, accès limité au personnel qui en a besoin, journal des modifications administratives et examens de sécurité réguliers. Aucun système n’est parfaitement sûr; si une atteinte crée un risque réel de préjudice grave, nous vous en aviserons, ainsi que le Commissariat à la protection de la vie privée du Canada, comme l’exige la loi.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Vos droits',
      paragraphs: ['Vous pouvez en tout temps :'],
      list: [
        'accéder aux renseignements personnels que nous détenons à votre sujet;',
        'demander la correction de renseignements inexacts ou incomplets;',
        'demander la suppression de vos renseignements, sous réserve des dossiers que la loi nous oblige à conserver;',
        'vous opposer à une utilisation de vos renseignements, notamment à des fins de marketing;',
        'retirer votre consentement, certains services pouvant alors ne plus être offerts;',
        'recevoir vos renseignements dans un format structuré et couramment utilisé (portabilité).',
      ],
    },
    {
      id: 'exercising-rights',
      heading: 'Comment exercer vos droits',
      paragraphs: [
        `Écrivez à ${COMPANY.privacyEmail} ou à l’adresse ci-dessous. Nous pourrions devoir vérifier votre identité avant de donner suite à une demande, afin de protéger vos renseignements. Nous répondons dans un délai de 30 jours. Si notre réponse ne vous satisfait pas, vous pouvez porter plainte auprès du Commissariat à la protection de la vie privée du Canada ou de l’autorité provinciale compétente.`,
      ],
    },
    {
      id: 'where-data-is-stored',
      heading: 'Lieu de conservation des renseignements',
      paragraphs: [
        'MapleSource exerce ses activités au Canada. Certains de nos fournisseurs de services peuvent conserver ou traiter des renseignements aux États-Unis. Les renseignements sont alors assujettis aux lois de ce pays et peuvent être consultés par ses autorités; nous exigeons de ces fournisseurs une protection comparable à celle prévue par le droit canadien.',
      ],
    },
    {
      id: 'children',
      heading: 'Enfants',
      paragraphs: [
        'MapleSource est un service destiné aux entreprises et ne s’adresse pas aux enfants de moins de 13 ans, ou de moins de 16 ans lorsque la loi locale fixe cet âge. Nous ne recueillons pas sciemment leurs renseignements personnels; si nous apprenons que nous l’avons fait, nous les supprimons.',
      ],
    },
    {
      id: 'third-party-sites',
      heading: 'Sites de tiers',
      paragraphs: [
        'Les vitrines de vendeurs, les articles de blogue et les messages peuvent contenir des liens vers des sites que nous n’exploitons pas. Leurs pratiques en matière de confidentialité leur sont propres; consultez leurs politiques avant de leur communiquer des renseignements.',
      ],
    },
    {
      id: 'updates',
      heading: 'Mises à jour de la présente politique',
      paragraphs: [
        'Nous pouvons modifier la présente politique en fonction de l’évolution du service ou de la loi. La nouvelle version est publiée ici avec sa date et, pour tout changement important, nous vous en informons par courriel ou dans l’application avant son entrée en vigueur.',
      ],
    },
    {
      id: 'contact',
      heading: 'Nous joindre',
      paragraphs: [
        `Responsable de la protection de la vie privée, ${companyAddress}. Courriel : ${COMPANY.privacyEmail}.`,
      ],
    },
  ],
};

export default privacy;
