import { AdobeAnalyticsStandin, type AdobeDatasetSeed } from '../../../tests/standins/adobe-analytics';
import { type AdobeImsClientSeed, AdobeImsStandin } from '../../../tests/standins/adobe-ims';
import {
  type GaCustomDataSourceSeed,
  GoogleAnalyticsStandin,
} from '../../../tests/standins/google-analytics-admin';

/** The global company id of the Adobe Analytics tenant of `adobeStandins`. */
export const ACME_COMPANY = 'acmeco0';

/**
 * The Adobe IMS and Adobe Analytics stand-ins of one tenant (spec 01 §2.3, §2.5): IMS knows the
 * Developer Console credential `client`; Analytics accepts the token IMS issues it, as user
 * USER1@AdobeID of org ORG1@AdobeOrg, and holds the company `ACME_COMPANY` ("Acme Co") with
 * `reportSuites` and the classification `datasets`. Start and close both in the test file.
 */
export function adobeStandins(
  client: AdobeImsClientSeed,
  reportSuites: { rsid: string; name: string }[],
  datasets: AdobeDatasetSeed[],
): { ims: AdobeImsStandin; adobe: AdobeAnalyticsStandin } {
  return {
    ims: new AdobeImsStandin([client]),
    adobe: new AdobeAnalyticsStandin({
      validTokens: [client.accessToken],
      clientId: client.clientId,
      imsUserId: 'USER1@AdobeID',
      imsOrgId: 'ORG1@AdobeOrg',
      companies: [{ globalCompanyId: ACME_COMPANY, companyName: 'Acme Co', reportSuites }],
      datasets,
    }),
  };
}

/** A classification dataset `name` of `ACME_COMPANY`'s report suite `rsid`, classifying `dimension` into `columns`. */
export function acmeDataset(
  datasetId: string,
  name: string,
  rsid: string,
  columns: string[],
  dimension = 'variables/campaign',
): AdobeDatasetSeed {
  return { datasetId, name, globalCompanyId: ACME_COMPANY, rsid, dimension, columns };
}

/**
 * The Google Analytics stand-in of the analytics tests: token ga-token-ok signs in as
 * analyst@acme.test, who sees account 1001 "Acme Web" with property UA-1001-1 "acme.com" holding
 * `customDataSources`. Start and close it in the test file.
 */
export function acmeGaStandin(customDataSources: GaCustomDataSourceSeed[]): GoogleAnalyticsStandin {
  return new GoogleAnalyticsStandin({
    validTokens: ['ga-token-ok'],
    user: { sub: '1', email: 'analyst@acme.test', name: 'Analyst' },
    accounts: [
      {
        id: '1001',
        displayName: 'Acme Web',
        properties: [{ id: 'UA-1001-1', displayName: 'acme.com', customDataSources }],
      },
    ],
  });
}
