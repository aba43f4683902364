/** Small events the live socket carries after a commit: what changed and its id. Clients refetch. */
export interface LiveEvent { entity: string; id?: string; action: 'created' | 'updated' | 'deleted' | 'changed' }
export const LIVE_ENTITIES = ['users', 'companies', 'logs', 'todos', 'offers', 'products', 'materials', 'stock', 'orders', 'gateway_commands', 'images', 'models', 'mycompany', 'deliveries', 'rates', 'buyings', 'contacts', 'offer_settings'] as const;
