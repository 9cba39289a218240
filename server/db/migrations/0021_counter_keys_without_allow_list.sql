-- COUNTER API keys lose their IP allow-list: the Code of Practice 5.1 (section 8.2) forbids authorization based on IP
-- addresses for the COUNTER API. The lists stay in the audit log (counter-key.create), so none is lost from the record.
ALTER TABLE "counter_api_keys" DROP COLUMN "ip_allow_list";
