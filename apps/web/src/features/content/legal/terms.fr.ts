import { limits } from '@maplesource/contracts/limits';
import { COMPANY, companyAddress, type LegalDocument } from './types';

const terms: LegalDocument = {
  title: 'Conditions générales',
  updated: 'Dernière mise à jour : 1er novembre 2025',
  intro: [
    `Les présentes conditions constituent une entente entre vous et ${COMPANY.name} (« MapleSource », « nous »), ${companyAddress}, et régissent votre utilisation de la place de marché MapleSource, de son site, de ses applications et de ses services.`,
    'En créant un compte, vous confirmez avoir lu et accepté les présentes conditions et notre politique de confidentialité. Si vous ne les acceptez pas, n’utilisez pas MapleSource.',
  ],
  sections: [
    {
      id: 'eligibility',
      heading: 'Admissibilité',
      paragraphs: [
        'Vous devez avoir atteint l’âge de la majorité dans votre province ou territoire pour utiliser MapleSource. Les comptes acheteurs sont offerts uniquement aux acheteurs situés au Canada.',
        'Les formules d’entreprise (vitrines de vendeurs, employeurs Premium et comptes d’entreprise vérifiés) sont réservées aux entreprises immatriculées au Canada. Vous confirmez être autorisé à agir au nom de l’entreprise inscrite et que les renseignements fournis sont exacts et tenus à jour.',
      ],
    },
    {
      id: 'platform-role',
      heading: 'Notre rôle : une place de marché, non une partie',
      paragraphs: [
        'MapleSource met en relation des acheteurs avec des fabricants, des fournisseurs et des prestataires de services. Les contrats de vente de produits et de services sont conclus directement entre l’acheteur et le vendeur; MapleSource n’est pas partie à ces transactions, n’est ni le vendeur, ni le fabricant, ni le transporteur, et n’acquiert jamais la propriété des biens.',
        'Nous ne garantissons pas la qualité, la sécurité, la légalité, la livraison ou l’adéquation à un usage des produits ou services, ni l’exactitude des annonces, des avis ou des vitrines. Le badge « vérifié » signifie seulement que nous avons contrôlé l’immatriculation de l’entreprise du vendeur. Les garanties, comme une garantie d’un an sur un produit, sont données par les vendeurs et non par MapleSource.',
      ],
    },
    {
      id: 'accounts',
      heading: 'Comptes et sécurité',
      paragraphs: [
        'Gardez votre mot de passe confidentiel et avisez-nous sans délai de toute utilisation non autorisée de votre compte. Vous êtes responsable de ce qui se passe dans votre compte. Les vitrines préconfigurées (plus de 5 000 au lancement en 2025) ne peuvent être revendiquées que par le propriétaire légitime de l’entreprise.',
      ],
    },
    {
      id: 'quotations-invoices-payments',
      heading: 'Devis, factures et paiements',
      paragraphs: [
        'Les prix sont en dollars canadiens (CAD) et comprennent les taxes et frais de livraison indiqués sur la facture. La facture d’un vendeur expire à la date qu’elle indique; une facture expirée ne peut être acceptée. L’acceptation d’une facture est définitive : elle crée une commande et vous engage à payer au moyen de notre système de paiement sécurisé.',
      ],
    },
    {
      id: 'payment-review',
      heading: 'Délai de révision du paiement pour l’acheteur',
      paragraphs: [
        `Si une commande n’est pas livrée comme convenu, vous pouvez demander une révision du paiement dans les ${limits.paymentReviewDaysAfterDelivery} jours suivant la date de livraison prévue. La révision n’est offerte que pour les commandes passées auprès d’un fournisseur vérifié et payées au moyen du système de paiement sécurisé de MapleSource. Nous pouvons retenir le versement au vendeur pendant l’examen des éléments fournis par les deux parties.`,
      ],
    },
    {
      id: 'refunds',
      heading: 'Remboursements',
      paragraphs: [
        `Les remboursements approuvés à la suite d’une révision, ou consentis par le vendeur, sont versés sur le moyen de paiement initial dans un délai de ${limits.refundWindowDays} jours. Nous ne pouvons ni réviser ni rembourser les paiements effectués hors de MapleSource. Les frais imposés par les réseaux de cartes peuvent ne pas être remboursables lorsque la loi le permet.`,
      ],
    },
    {
      id: 'employer-data-use',
      heading: 'Utilisation des données par les employeurs',
      paragraphs: [
        'Les employeurs Premium peuvent accéder à la banque de curriculum vitæ, et seuls les comptes d’entreprise vérifiés y ont accès. Les employeurs ne peuvent utiliser les renseignements des candidats que pour évaluer leur candidature et les contacter au sujet de véritables possibilités d’emploi; ils doivent les garder confidentiels et sécurisés, ne pas les vendre ni les communiquer, et les supprimer lorsqu’ils n’en ont plus besoin ou à la demande du candidat.',
      ],
    },
    {
      id: 'user-content',
      heading: 'Votre contenu et notre licence',
      paragraphs: [
        'Vous demeurez propriétaire du contenu que vous publiez (annonces, photos, avis, messages, curriculum vitæ). Vous accordez à MapleSource une licence non exclusive, mondiale et libre de redevances pour héberger, copier, afficher, traduire et adapter ce contenu afin d’exploiter, d’améliorer et de promouvoir la place de marché, tant qu’il est sur MapleSource et pendant une période raisonnable après son retrait. Vous confirmez détenir les droits nécessaires pour accorder cette licence.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Utilisation acceptable',
      paragraphs: ['Vous vous engagez à ne pas :'],
      list: [
        'publier de contenu faux, trompeur, contrefaisant, diffamatoire ou illégal, ni de produits contrefaits ou interdits;',
        'harceler d’autres utilisateurs, envoyer des pourriels, ou utiliser les coordonnées d’autres utilisateurs à d’autres fins que la transaction en cours;',
        'conclure des transactions hors de la plateforme pour éviter les frais ou les protections, ni manipuler les avis, classements ou statistiques;',
        'extraire, copier ou revendre des données de MapleSource, nuire à sa sécurité ou y accéder par des moyens automatisés sans notre autorisation écrite;',
        'téléverser des logiciels malveillants ou tenter d’accéder à des comptes ou données qui ne sont pas les vôtres.',
      ],
    },
    {
      id: 'disclaimer',
      heading: 'Exclusion de garanties et limitation de responsabilité',
      paragraphs: [
        'MapleSource est fourni « tel quel » et « selon la disponibilité ». Dans la mesure permise par la loi, nous excluons toute garantie, expresse ou implicite, notamment de qualité marchande, d’adéquation à un usage particulier et d’absence de contrefaçon, et nous ne promettons pas un service ininterrompu ou sans erreur.',
        'Dans la mesure permise par la loi, MapleSource n’est pas responsable des dommages indirects, accessoires, spéciaux ou consécutifs, ni des pertes de profits ou de données, et notre responsabilité totale pour toute réclamation est limitée aux frais que vous nous avez payés au cours des douze mois précédant la réclamation. Rien dans les présentes ne limite les droits auxquels les lois sur la protection du consommateur ne permettent pas de renoncer.',
      ],
    },
    {
      id: 'indemnity',
      heading: 'Indemnisation',
      paragraphs: [
        'Vous acceptez d’indemniser et de tenir à couvert MapleSource, ses administrateurs, employés et mandataires à l’égard des réclamations, pertes et frais (y compris des honoraires d’avocat raisonnables) découlant de votre contenu, de vos transactions avec d’autres utilisateurs, ou de votre manquement aux présentes conditions ou à la loi.',
      ],
    },
    {
      id: 'termination',
      heading: 'Suspension et résiliation',
      paragraphs: [
        'Vous pouvez fermer votre compte en tout temps. Nous pouvons suspendre ou fermer un compte, ou retirer du contenu, en cas de manquement aux présentes conditions, si la loi l’exige, ou pour protéger les utilisateurs. Les dispositions qui, par leur nature, doivent survivre à la résiliation (licence, exclusion de garanties, indemnisation, droit applicable) demeurent en vigueur. Les commandes déjà acceptées continuent de lier l’acheteur et le vendeur.',
      ],
    },
    {
      id: 'governing-law',
      heading: 'Droit applicable et tribunaux',
      paragraphs: [
        'Les présentes conditions sont régies par les lois de la province de l’Ontario et les lois fédérales du Canada qui s’y appliquent. Vous et MapleSource vous soumettez à la compétence exclusive des tribunaux situés à Toronto (Ontario), sauf lorsque les lois sur la protection du consommateur vous permettent d’intenter un recours dans votre province.',
      ],
    },
    {
      id: 'export-control',
      heading: 'Contrôle des exportations et sanctions',
      paragraphs: [
        'Vous devez respecter les lois canadiennes sur le contrôle des exportations et les sanctions économiques, notamment la Loi sur les licences d’exportation et d’importation et la Loi sur les mesures économiques spéciales. N’annoncez, n’achetez ni n’expédiez de marchandises ou de technologies contrôlées sans les licences requises, et ne traitez pas avec des personnes ou des pays visés par des sanctions par l’intermédiaire de MapleSource.',
      ],
    },
    {
      id: 'changes',
      heading: 'Modification des présentes conditions',
      paragraphs: [
        'Nous pouvons modifier les présentes conditions. La nouvelle version est publiée ici avec sa date, et nous vous informons de tout changement important au moins 30 jours avant son application. Si vous continuez d’utiliser MapleSource après cette date, vous acceptez les nouvelles conditions.',
      ],
    },
    {
      id: 'general',
      heading: 'Dispositions générales',
      paragraphs: [
        'Les présentes conditions et la politique de confidentialité constituent l’entente intégrale entre vous et MapleSource concernant le service. Si une disposition est jugée inapplicable, les autres demeurent en vigueur. Le fait de ne pas faire respecter une disposition ne constitue pas une renonciation. Vous ne pouvez céder les présentes conditions sans notre consentement; nous pouvons les céder à un successeur. Les avis qui nous sont destinés doivent être envoyés à l’adresse ci-dessous. Les présentes conditions sont offertes en français et en anglais; les deux versions font également foi.',
      ],
    },
    {
      id: 'contact',
      heading: 'Nous joindre',
      paragraphs: [`${companyAddress}. Courriel : ${COMPANY.legalEmail}.`],
    },
  ],
};

export default terms;
