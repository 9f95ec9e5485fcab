-- The seller's company (the storefront's name) as the conversation shows it, company first and person second
-- (decision 270). Conversations opened before keep NULL until their next inquiry names it; they show the person.
ALTER TABLE chats ADD COLUMN seller_company text;
