-- The credit vend checks what it priced against in the statement that writes it: when a
-- condition no longer holds (another vend took the meter's next TID, the debt it repays moved), the
-- statement has already made some of its changes, so it must fail as a whole. This raises the
-- serialisation failure a client retries on; the vend reads, prices and writes again.
CREATE OR REPLACE FUNCTION vend_require(p_ok boolean, p_what text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF p_ok IS NOT TRUE THEN
    RAISE EXCEPTION 'vend conflict: %', p_what USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN true;
END $$;
