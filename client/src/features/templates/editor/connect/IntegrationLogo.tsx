import { ThemeIcon } from '@mantine/core';
import type { ConnectorTypeSlug, IntegrationDefinition, IntegrationFamilyId } from '@nomen/shared';
import {
  type Icon,
  IconBrandAdobe,
  IconBrandAmazon,
  IconBrandAws,
  IconBrandAzure,
  IconBrandFacebook,
  IconBrandGoogle,
  IconBrandGoogleAnalytics,
  IconBrandGoogleDrive,
  IconBrandPinterest,
  IconBrandSnapchat,
  IconBrandTiktok,
  IconChartBar,
  IconChecklist,
  IconCloudUpload,
  IconDatabase,
  IconDeviceMobile,
  IconLink,
  IconMail,
  IconPlugConnected,
  IconQrcode,
  IconServer,
  IconSnowflake,
} from '@tabler/icons-react';

/** One logo: a brand mark or a family's sign, and its colour. */
type Logo = { icon: Icon; color: string };

/**
 * Logos by connector type slug (the registry's `connectorTypeSlug`), one entry per type of the
 * catalogue: null for the types without a brand mark, which show their family's sign.
 */
const LOGO_BY_CONNECTOR_TYPE: Readonly<Record<string, Logo | null>> = {
  s3: { icon: IconBrandAws, color: 'orange' },
  'azure-blob': { icon: IconBrandAzure, color: 'blue' },
  'google-cloud-storage': { icon: IconBrandGoogleDrive, color: 'blue' },
  sftp: { icon: IconServer, color: 'gray' },
  facebook: { icon: IconBrandFacebook, color: 'indigo' },
  'facebook-marketing': { icon: IconBrandFacebook, color: 'indigo' },
  'google-dcm': { icon: IconBrandGoogle, color: 'green' },
  'google-cm360': { icon: IconBrandGoogle, color: 'green' },
  'google-dv360': { icon: IconBrandGoogle, color: 'teal' },
  'google-ads': { icon: IconBrandGoogle, color: 'yellow' },
  ga: { icon: IconBrandGoogleAnalytics, color: 'orange' },
  'adobe-analytics': { icon: IconBrandAdobe, color: 'red' },
  aem: { icon: IconBrandAdobe, color: 'red' },
  'amazon-ads': { icon: IconBrandAmazon, color: 'orange' },
  snapchat: { icon: IconBrandSnapchat, color: 'yellow' },
  pinterest: { icon: IconBrandPinterest, color: 'red' },
  tiktok: { icon: IconBrandTiktok, color: 'dark' },
  snowflake: { icon: IconSnowflake, color: 'cyan' },
  'qr-code-monkey': { icon: IconQrcode, color: 'dark' },
  bitly: { icon: IconLink, color: 'orange' },
  box: null,
  salesforce: null,
  'salesforce-marketing-cloud': null,
  workfront: null,
  branch: null,
  kochava: null,
} satisfies Record<ConnectorTypeSlug, Logo | null>;

/** Logos by family, for connector types without their own. */
const LOGO_BY_FAMILY: Readonly<Record<IntegrationFamilyId, Logo>> = {
  'email-output': { icon: IconMail, color: 'blue' },
  'file-storage-push': { icon: IconCloudUpload, color: 'blue' },
  'file-pull': { icon: IconServer, color: 'gray' },
  snowflake: { icon: IconDatabase, color: 'cyan' },
  'link-shortener': { icon: IconLink, color: 'orange' },
  'qr-code': { icon: IconQrcode, color: 'dark' },
  analytics: { icon: IconChartBar, color: 'orange' },
  'ads-inbound': { icon: IconPlugConnected, color: 'grape' },
  'ads-outbound': { icon: IconPlugConnected, color: 'grape' },
  'content-management': { icon: IconBrandAdobe, color: 'red' },
  'work-management': { icon: IconChecklist, color: 'violet' },
  'mobile-attribution': { icon: IconDeviceMobile, color: 'teal' },
};

/**
 * The logo of an integration type (spec 03 §2 "type logo"): the connector type's brand mark where
 * there is one, else its family's sign. Decorative: the type name is always written beside it.
 */
export function IntegrationLogo(props: {
  definition: Pick<IntegrationDefinition, 'connectorTypeSlug' | 'family'>;
  size?: number;
}) {
  const size = props.size ?? 28;
  const { connectorTypeSlug, family } = props.definition;
  const logo = (connectorTypeSlug && LOGO_BY_CONNECTOR_TYPE[connectorTypeSlug]) || LOGO_BY_FAMILY[family];
  const Logo = logo.icon;
  return (
    <ThemeIcon size={size} radius="sm" variant="light" color={logo.color} aria-hidden>
      <Logo size={Math.round(size * 0.65)} />
    </ThemeIcon>
  );
}
