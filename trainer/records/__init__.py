"""Game records: the project's deal record (:mod:`trainer.records.deal_record`), ISS records
(:mod:`trainer.records.iss`, through the one ISS codec :mod:`trainer.iss_codec`) and the example-deal
format (:mod:`trainer.records.deals`). Import the modules themselves: this package imports nothing, so the
engine may use the codec without loading the record readers."""
