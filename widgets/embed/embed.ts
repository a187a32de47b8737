import { $apiOrigin } from '../core/api-origin.ts';
import { defineScreenElements } from '../screens/element.tsx';
import { screenElements } from '../screens/registry.ts';

/**
 * The one script a partner page loads. It points the API client at the origin it was served
 * from and defines every widget's element (screens/registry.ts); a widget's code is fetched
 * only when its element appears on the page.
 */
$apiOrigin.set(new URL(import.meta.url).origin);
defineScreenElements(screenElements);
