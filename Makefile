# Everything runs in .venv; `make dev` creates it.
PY ?= .venv/bin/python
export HF_HUB_OFFLINE = 1

.PHONY: dev lint type test qa train-data train-model eval-model bench bench-serving test-llm test-browser report-screenshot

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
# warm-started from the 0.3.0 model in git history (itself warm-started from 0.2.0) on a fresh
# sample (--seed 14); one epoch, ~60-100 min on 2 CPU cores, resumable.
train-data:
	$(PY) -m training.data --out build/data --cache build/cache --shared ../shared/data/train --seed 14

train-model: train-data
	$(PY) -m training.previous 0.3.0
	$(PY) -m training.train --data build/data --out build/run --init build/model-0.3.0 --epochs 1 --lr 2e-5 --seed 14 --checkpoint-every 400
	$(PY) -m training.calibrate --checkpoint build/run/checkpoint --data build/data

# Old (0.2.0) and new model side by side on every evaluation set (~30 min on 2 CPU cores).
eval-model:
	test -f build/data/test.jsonl || $(MAKE) train-data
	$(PY) -m training.evaluate --data build/data

bench:
	$(PY) benchmarks/bench_speed.py

bench-serving:
	$(PY) benchmarks/bench_serving.py

# A real local LLM as the judge (llama-cpp-python serving Gemma 3 270M on loopback). Building
# llama.cpp takes ~8 min on 2 cores the first time; GGML_NATIVE=OFF makes a wheel that runs on
# any x86-64 with AVX2 (a native build died with "Illegal instruction" here).
test-llm:
	CMAKE_ARGS="-DGGML_NATIVE=OFF" $(PY) -m pip install -q -e ".[llm]"
	$(PY) -m pytest -q -m llm

# The HTML reports in headless Chromium (Debian's chromium; needs root for apt-get).
test-browser:
	command -v chromium >/dev/null || apt-get install -y -q chromium
	$(PY) -m pip install -q -e ".[browser]"
	$(PY) -m pytest -q -m browser

# Remake docs/report.png, the README's screenshot of the example report.
report-screenshot:
	$(PY) scripts/report_screenshot.py
