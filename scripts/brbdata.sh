# Sourced by the BRB comparison scripts (scripts/rough-brb.sh, scripts/contact-brb.sh) after they set out: the shared data's
# paths (TRIBO_DATA, default ../shared/data), the rank count (TRIBO_NP, default 2), and OUT made; without the data the calling
# script prints "NAME: skipped (needs ...)" and exits 0.
#   source scripts/brbdata.sh "NAME"
data=${TRIBO_DATA:-../shared/data}
deck=$data/brb/BRB_MATEX.inp
surf=$data/brb/brb_surface_data.mat
ref=$data/reference
np=${TRIBO_NP:-2}
if [ ! -f "$deck" ] || [ ! -f "$surf" ] || [ ! -d "$ref" ]; then
  echo "$1: skipped (needs $deck, $surf and $ref)"
  exit 0
fi
mkdir -p "$out"
